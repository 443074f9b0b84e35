/**
 * The form pages' compiled validators in the browser (issue 19). Errors show only while a
 * signed-in applicant's status is validating (SPEC §4), so a visitor never validates: the
 * validators are not part of a visitor's first load. A signed-in applicant's form loads them all
 * with the profile (form-loader.tsx), since the error summary and Submit check every page.
 */
import {
  fieldValidatorLoaders,
  pageValidatorLoaders,
} from '../../generated/page-validator-loaders.js';
import { loadNamedLists } from './named-lists';
import type { PageDefinition } from '../../engine/definitions';
import type { CompiledValidator } from '../../engine/validation';

const loaded = new Map<string, CompiledValidator>();

/** A page's validator once loaded (a signed-in applicant's form has loaded every page's). */
export function pageValidator(pageId: string): CompiledValidator | undefined {
  return loaded.get(pageId);
}

/** Loads the validators of these pages (each that has a schema has loaded when it resolves). */
export async function loadPageValidators(pages: readonly PageDefinition[]): Promise<void> {
  // A chosen country or state is checked against its list (engine/page-validation.ts).
  await Promise.all([
    loadNamedLists(),
    ...pages.map(async ({ id }) => {
      if (loaded.has(id) || !Object.hasOwn(pageValidatorLoaders, id)) return;
      const validator = await pageValidatorLoaders[id]!();
      loaded.set(id, validator);
      void loadFieldValidators(id, validator);
    }),
  ]);
}

/**
 * Gives a page's validator its fields' validators (CompiledValidator.fields), loaded without
 * holding up the page: they make a keystroke cheaper, not different, and until they arrive (or
 * if they never do) a field is validated with the page's validator.
 */
async function loadFieldValidators(id: string, validator: CompiledValidator): Promise<void> {
  if (!Object.hasOwn(fieldValidatorLoaders, id)) return;
  try {
    validator.fields = await fieldValidatorLoaders[id]!();
  } catch {
    // The page's validator stands in; a chunk that failed to load is retried on the next visit.
  }
}
