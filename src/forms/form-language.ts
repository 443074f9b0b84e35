/**
 * The form definitions in the applicant's language, in the browser (issue 40). English is the
 * definitions as written and loads nothing; Spanish loads its translations (forms/es/, two chunks
 * of their own: the site's, which the sign-in screens need, and the pages') and puts their texts
 * in place of the English, in `siteConfig`, the pages' index and each page's definition as it
 * loads: the language is fixed for a page's life (a change of language reloads the page). The
 * server never calls this: it asks forms-in-language.ts for each request's language instead.
 */
import type { Locale } from '../contract/locale';
import type { PageDefinition } from '../engine/definitions';

type PagesLocalizer = (pages: readonly PageDefinition[]) => void;
/** What the index says of a page that its language changes: its title. */
interface TitledPage {
  readonly id: string;
  title: string;
}
type IndexLocalizer = (entries: readonly TitledPage[]) => void;

let localizePages: PagesLocalizer | undefined;
let localizeIndex: IndexLocalizer | undefined;
const registered: Array<readonly PageDefinition[]> = [];
const registeredIndexes: Array<readonly TitledPage[]> = [];

/**
 * The definitions hand themselves over as they load (page-definitions.ts; form-pages.ts all at
 * once): they are put in the language at once if it has loaded, else when it does. So the pages
 * stay out of the sign-in screens' chunks.
 */
export function registerFormPages(pages: readonly PageDefinition[]): void {
  registered.push(pages);
  localizePages?.(pages);
}

/** The pages' index (page-index.ts) hands itself over the same way: its titles change. */
export function registerPageIndex(entries: readonly TitledPage[]): void {
  registeredIndexes.push(entries);
  localizeIndex?.(entries);
}

/**
 * In the browser, before the first render: puts the definitions' texts (pages, site, schema
 * messages) in this language in place of the English. English does nothing and loads nothing.
 */
export async function loadFormLanguage(locale: Locale): Promise<void> {
  if (locale !== 'es' || localizePages) return;
  const [{ installSpanish, spanishTitles }, { spanishPages }] = await Promise.all([
    import('./spanish-site'),
    import('./spanish-pages'),
  ]);
  localizePages = installSpanish(spanishPages);
  localizeIndex = spanishTitles(spanishPages);
  for (const pages of registered) localizePages(pages);
  for (const entries of registeredIndexes) localizeIndex(entries);
}
