/**
 * The form pages' Spanish translations, by page id: their own chunk, loaded only for Spanish
 * (form-language.ts). It holds the translations alone (forms/es/, listed at build by
 * scripts/build-form-index.ts), never the pages they translate.
 */
import { spanishTranslations } from '../generated/spanish-translations.js';
import type { PageTranslation } from './translation-files';

export const spanishPages: Readonly<Record<string, PageTranslation>> = spanishTranslations;
