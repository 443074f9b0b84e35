/**
 * The form pages' compiled validators in the browser (issue 19). Errors show only while a
 * signed-in applicant's status is validating (SPEC §4), so a visitor never validates: the
 * validators are not part of a visitor's first load. A signed-in applicant's form loads them all
 * with the profile (form-loader.tsx), since the error summary and Submit check every page.
 */
import { pageValidatorLoaders } from '../../generated/page-validator-loaders.js';
import type { PageDefinition } from '../../engine/definitions';
import type { CompiledValidator } from '../../engine/validation';

const loaded = new Map<string, CompiledValidator>();

/** A page's validator once loaded (a signed-in applicant's form has loaded every page's). */
export function pageValidator(pageId: string): CompiledValidator | undefined {
  return loaded.get(pageId);
}

/** Loads the validators of these pages (each that has a schema has loaded when it resolves). */
export async function loadPageValidators(pages: readonly PageDefinition[]): Promise<void> {
  await Promise.all(
    pages.map(async ({ id }) => {
      if (loaded.has(id) || !Object.hasOwn(pageValidatorLoaders, id)) return;
      loaded.set(id, await pageValidatorLoaders[id]!());
    }),
  );
}
