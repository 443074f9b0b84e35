/**
 * The form definitions in the applicant's language, in the browser (issue 40). English is the
 * definitions as written and loads nothing; Spanish loads its translations (forms/es/, two chunks
 * of their own: the site's, which the sign-in screens need, and the pages') and puts their texts
 * in place of the English, in `siteConfig` and `formPages` themselves: the language is fixed for
 * a page's life (a change of language reloads the page). The server never calls this: it asks
 * forms-in-language.ts for each request's language instead.
 */
import type { Locale } from '../contract/locale';
import type { PageDefinition } from '../engine/definitions';

type PagesLocalizer = (pages: readonly PageDefinition[]) => void;

let localizePages: PagesLocalizer | undefined;
const registered: Array<readonly PageDefinition[]> = [];

/**
 * form-pages.ts hands its pages over when it is evaluated: they are put in the language at once
 * if it has loaded, else when it does. So the pages stay out of the sign-in screens' chunks.
 */
export function registerFormPages(pages: readonly PageDefinition[]): void {
  registered.push(pages);
  localizePages?.(pages);
}

/**
 * In the browser, before the first render: puts the definitions' texts (pages, site, schema
 * messages) in this language in place of the English. English does nothing and loads nothing.
 */
export async function loadFormLanguage(locale: Locale): Promise<void> {
  if (locale !== 'es' || localizePages) return;
  const [{ installSpanish }, { spanishPages }] = await Promise.all([
    import('./spanish-site'),
    import('./spanish-pages'),
  ]);
  localizePages = installSpanish(spanishPages);
  for (const pages of registered) localizePages(pages);
}
