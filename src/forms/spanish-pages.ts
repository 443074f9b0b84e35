/**
 * The form pages' Spanish translations, by page id: their own chunk, loaded only for Spanish
 * (form-language.ts). It holds the translations alone, never the pages they translate.
 */
import about from '../../forms/es/about.json';
import education from '../../forms/es/education.json';
import finalSteps from '../../forms/es/final-steps.json';
import type { PageTranslation } from './translation-files';

export const spanishPages: Record<string, PageTranslation> = {
  about,
  education,
  'final-steps': finalSteps,
};
