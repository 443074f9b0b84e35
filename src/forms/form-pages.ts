/**
 * The application's pages and their compiled validators, in step order: the one place client
 * and server get forms/*.json and the pages' validators (src/generated/page-validators.js) from.
 */
import aboutPage from '../../forms/about.json';
import educationPage from '../../forms/education.json';
import finalStepsPage from '../../forms/final-steps.json';
import { pageValidators } from '../generated/page-validators.js';
import type { PageDefinition } from '../engine/definitions';
import { siteConfig } from './site-config';
import type { CompiledValidator } from '../engine/validation';

/** The form pages in step order (About You, Your Academics, Final Steps). */
export const formPages: readonly PageDefinition[] = (
  [aboutPage, educationPage, finalStepsPage] as unknown as PageDefinition[]
).sort((a, b) => a.step - b.step);

/** forms/site.json (from site-config.ts, which screens without the form import alone). */
export { siteConfig };

/** The default form route (SPEC §2: /about). */
export const defaultRoute = formPages[0]?.route ?? '/about';

/** The page with this id, if any. */
export function pageById(id: string): PageDefinition | undefined {
  return formPages.find((page) => page.id === id);
}

/** The page whose route is this path, if any. */
export function pageByRoute(route: string): PageDefinition | undefined {
  return formPages.find((page) => page.route === route);
}

/** `final-steps` → `finalSteps`: the export name build-validators gives a page's schema. */
const validatorName = (pageId: string): string =>
  pageId.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** The compiled validation schema of a page (schemas/{id}.schema.json), if it has one. */
export function pageValidator(pageId: string): CompiledValidator | undefined {
  const name = validatorName(pageId);
  return Object.hasOwn(pageValidators, name) ? pageValidators[name] : undefined;
}
