/**
 * The form pages' compiled validators in the browser, each loaded with its page (issue 19): a
 * visitor's first load of About You carries About You's validator, not Your Academics' nor Final
 * Steps'. The router shows a form page once its validator has loaded, as it does for its modules
 * (app-routes.tsx), so a page never shows without it; a signed-in applicant's form waits for all
 * of them with the profile (form-loader.tsx), since the error summary and Submit check every page.
 */
import { pageIdsByRoute, pageValidatorLoaders } from '../../generated/page-validator-loaders.js';
import type { PageDefinition } from '../../engine/definitions';
import type { CompiledValidator } from '../../engine/validation';

const loaded = new Map<string, CompiledValidator>();
const loaders = new Map<string, () => Promise<CompiledValidator>>();

/** A page's validator if it has loaded (every page shown has loaded its own). */
export function pageValidator(pageId: string): CompiledValidator | undefined {
  return loaded.get(pageId);
}

/** The loader of a page's validator, the same function at every call; none without a schema. */
export function pageValidatorLoader(
  pageId: string,
): (() => Promise<CompiledValidator>) | undefined {
  const load = Object.hasOwn(pageValidatorLoaders, pageId)
    ? pageValidatorLoaders[pageId]
    : undefined;
  if (!load) return undefined;
  let loader = loaders.get(pageId);
  if (!loader) {
    loader = async () => {
      const validator = await load();
      loaded.set(pageId, validator);
      return validator;
    };
    loaders.set(pageId, loader);
  }
  return loader;
}

/** The loader of the validator of the page at this route (`/education`), if any. */
export function routeValidatorLoader(
  route: string,
): (() => Promise<CompiledValidator>) | undefined {
  const pageId = Object.hasOwn(pageIdsByRoute, route) ? pageIdsByRoute[route] : undefined;
  return pageId === undefined ? undefined : pageValidatorLoader(pageId);
}

/** Loads the validators of these pages (all have loaded when it resolves). */
export async function loadPageValidators(pages: readonly PageDefinition[]): Promise<void> {
  await Promise.all(
    pages.filter((page) => !loaded.has(page.id)).map((page) => pageValidatorLoader(page.id)?.()),
  );
}
