/**
 * The form pages' definitions in the browser, each a chunk of its own (issue 43): a first load
 * carries the page on screen, not all of them. The route of a form page loads its definition
 * before it renders (app-routes.tsx), the next page's loads when idle or on hover of its link,
 * and a signed-in applicant's every page loads with the page validators (form-loader.tsx). Each
 * is put in the page's language as it arrives (form-language.ts).
 */
import type { PageDefinition } from '../engine/definitions';
import { pageLoaders } from '../generated/form-index.js';
import { registerFormPages } from './form-language';
import { indexByRoute, pageIndex } from './page-index';

const loaded = new Map<string, PageDefinition>();
const pending = new Map<string, Promise<PageDefinition>>();
let everyPage: Promise<readonly PageDefinition[]> | undefined;

/** Loads the definition of the page with this id once (after a failure, the next call tries again). */
export function loadPage(id: string): Promise<PageDefinition> {
  let promise = pending.get(id);
  if (promise) return promise;
  const load = Object.hasOwn(pageLoaders, id) ? pageLoaders[id] : undefined;
  if (!load) return Promise.reject(new Error(`No form page has the id ${id}.`));
  promise = load().then(
    (definition) => {
      const page = definition as PageDefinition;
      registerFormPages([page]);
      loaded.set(id, page);
      return page;
    },
    (error: unknown) => {
      pending.delete(id);
      throw error;
    },
  );
  pending.set(id, promise);
  return promise;
}

/** Loads the definition of the page at this route; undefined for a route that is no page's. */
export function loadPageAt(route: string): Promise<PageDefinition | undefined> {
  const entry = indexByRoute(route);
  return entry ? loadPage(entry.id) : Promise.resolve(undefined);
}

/** Starts loading a page's definition ahead of need (a failure is retried when it is needed). */
export function preloadPage(id: string): void {
  loadPage(id).catch(() => undefined);
}

/** The definition of the page with this id, if it has loaded. */
export function loadedPage(id: string): PageDefinition | undefined {
  return loaded.get(id);
}

/** The definition of the page at this route, if it has loaded. */
export function loadedPageAt(route: string): PageDefinition | undefined {
  const entry = indexByRoute(route);
  return entry && loaded.get(entry.id);
}

/**
 * Every page's definition, in step order: the same promise until it settles (React's `use` reads
 * it), a new one after a failure.
 */
export function loadAllPages(): Promise<readonly PageDefinition[]> {
  everyPage ??= Promise.all(pageIndex.map((entry) => loadPage(entry.id))).catch(
    (error: unknown) => {
      everyPage = undefined;
      throw error;
    },
  );
  return everyPage;
}

/** What loadedPages last returned, kept while the definitions are the same ones. */
let allLoaded: readonly PageDefinition[] | undefined;

/**
 * Every page's definition in step order once all have loaded; undefined until then. The same
 * array while the definitions are the same (a memo or a cache keyed on it holds).
 */
export function loadedPages(): readonly PageDefinition[] | undefined {
  const pages = pageIndex.map((entry) => loaded.get(entry.id));
  if (!pages.every((page) => page !== undefined)) return undefined;
  if (allLoaded?.length !== pages.length || allLoaded.some((page, i) => page !== pages[i]))
    allLoaded = pages;
  return allLoaded;
}
