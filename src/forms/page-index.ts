/**
 * The form pages' index (issue 43): each page's id, route, title, step and file answer keys, in
 * step order, without its questions. Generated from forms/*.json at build (scripts/
 * build-form-index.ts), so it never differs from the definitions; it is what the browser knows of
 * every page before their definitions load (page-definitions.ts): the step navigation, the
 * previous and next pages, the routes. The server reads the definitions themselves (form-pages.ts).
 */
import { pageIndex as generatedIndex, type PageIndexEntry } from '../generated/form-index.js';
import { registerPageIndex } from './form-language';

export type { PageIndexEntry };

/** The form pages in step order; their titles in the page's language once it has loaded. */
export const pageIndex: readonly PageIndexEntry[] = generatedIndex;
registerPageIndex(pageIndex);

/** The default form route (SPEC §2: /about). */
export const defaultRoute = pageIndex[0]?.route ?? '/about';

/** The page whose route is this path, if any. */
export function indexByRoute(route: string): PageIndexEntry | undefined {
  return pageIndex.find((page) => page.route === route);
}

/** The page with this id, if any. */
export function indexById(id: string): PageIndexEntry | undefined {
  return pageIndex.find((page) => page.id === id);
}
