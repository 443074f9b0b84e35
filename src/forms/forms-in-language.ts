/**
 * The form definitions in a language, on the server: the pages and site.json for the application
 * PDF and the read-only views, and the schema messages' translator for validation at submit. Built
 * once per language from forms/es/ (the browser loads the same files in form-language.ts).
 */
import type { Locale } from '../contract/locale';
import type { PageDefinition, SiteConfig } from '../engine/definitions';
import type { ListLabels } from '../engine/option-lists';
import type { MessageTranslator } from '../engine/validation';
import siteTranslation from '../../forms/es/site.json';
import { formPages, siteConfig } from './form-pages';
import { listLabels, localizePage, localizeSite, messageTranslator } from './localize';
import { spanishPages } from './spanish-pages';
import type { SiteTranslation } from './translation-files';

const spanishSite = siteTranslation as SiteTranslation;
const english = (_field: string, message: string) => message;

const once = <T>(build: () => T): (() => T) => {
  let built: T | undefined;
  return () => (built ??= build());
};

const spanish = {
  pages: once(() =>
    formPages.map((page) => {
      const translation = Object.hasOwn(spanishPages, page.id) ? spanishPages[page.id] : undefined;
      return translation ? localizePage(page, translation, spanishSite.builtIn) : page;
    }),
  ),
  site: once(() => localizeSite(siteConfig, spanishSite)),
  messages: once(() => messageTranslator(Object.values(spanishPages), spanishSite)),
  lists: once(() => listLabels(spanishSite.builtIn)),
};

/** The form pages in step order, in this language. */
export function formPagesIn(locale: Locale): readonly PageDefinition[] {
  return locale === 'es' ? spanish.pages() : formPages;
}

/** forms/site.json in this language. */
export function siteConfigIn(locale: Locale): SiteConfig {
  return locale === 'es' ? spanish.site() : siteConfig;
}

/** The translator of validation messages into this language (ValidationContext `translate`). */
export function messageTranslatorIn(locale: Locale): MessageTranslator {
  return locale === 'es' ? spanish.messages() : english;
}

/**
 * The named lists' labels in this language (OptionContext `listLabels`: countries and months as
 * the PDF and read-only views print a chosen option); undefined for English.
 */
export function listLabelsIn(locale: Locale): ListLabels | undefined {
  return locale === 'es' ? spanish.lists() : undefined;
}
