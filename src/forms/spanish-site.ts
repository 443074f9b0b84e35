/**
 * Spanish in the browser: forms/site.json's translation (the sign-in screens need it; it holds no
 * page), the schema messages' translator, and the pages' localizer. Its own chunk, loaded only
 * for Spanish (form-language.ts).
 */
import type { PageDefinition } from '../engine/definitions';
import { installListLabels } from '../engine/option-lists';
import { installMessageTranslator } from '../engine/validation';
import translation from '../../forms/es/site.json';
import {
  assignInPlace,
  listLabels,
  localizedTitle,
  localizePage,
  localizeSite,
  messageTranslator,
} from './localize';
import { siteConfig } from './site-config';
import type { PageTranslation, SiteTranslation } from './translation-files';

/**
 * Puts the site's texts in Spanish in place and installs the Spanish messages and list labels
 * (countries, months); returns what puts
 * a list of pages in Spanish in place (each page by its id's translation).
 */
export function installSpanish(
  pages: Readonly<Record<string, PageTranslation>>,
): (list: readonly PageDefinition[]) => void {
  const site = translation as SiteTranslation;
  assignInPlace(siteConfig, localizeSite(siteConfig, site));
  installMessageTranslator(messageTranslator(Object.values(pages), site));
  installListLabels(listLabels(site.builtIn));
  return (list) => {
    for (const page of list) {
      const pageTranslation = Object.hasOwn(pages, page.id) ? pages[page.id] : undefined;
      if (pageTranslation) assignInPlace(page, localizePage(page, pageTranslation, site.builtIn));
    }
  };
}

/** What puts the titles of the pages' index (page-index.ts) in Spanish in place. */
export function spanishTitles(
  pages: Readonly<Record<string, PageTranslation>>,
): (entries: ReadonlyArray<{ readonly id: string; title: string }>) => void {
  return (entries) => {
    for (const entry of entries) {
      const pageTranslation = Object.hasOwn(pages, entry.id) ? pages[entry.id] : undefined;
      if (pageTranslation) entry.title = localizedTitle(entry.title, pageTranslation);
    }
  };
}
