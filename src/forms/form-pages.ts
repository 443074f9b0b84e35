/**
 * The application's pages, in step order, all at once: the server's (and the tests') forms/*.json.
 * The browser reads their index (page-index.ts) and loads each definition as a chunk of its own
 * (page-definitions.ts). Their validators: page-validators.ts (the server's, all at once) and
 * src/client/form/page-validators.ts (the browser's, each loaded with its page).
 */
import type { PageDefinition } from '../engine/definitions';
import { formDefinitions } from '../generated/form-definitions.js';
import { registerFormPages } from './form-language';
import { siteConfig } from './site-config';

/** The form pages in step order (About You, Your Academics, Final Steps): every forms/*.json. */
export const formPages: readonly PageDefinition[] = formDefinitions;
// In the browser, in the applicant's language once it has loaded (form-language.ts).
registerFormPages(formPages);

/** forms/site.json (from site-config.ts, which screens without the form import alone). */
export { siteConfig };

/** The page with this id, if any. */
export function pageById(id: string): PageDefinition | undefined {
  return formPages.find((page) => page.id === id);
}
