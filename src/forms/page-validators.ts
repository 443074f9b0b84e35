/**
 * The form pages' compiled validators (src/generated/page-validators.js), all loaded at once: the
 * server's, and the tests'. The browser loads each with its page (src/client/form/page-validators.ts).
 */
import { pageValidators } from '../generated/page-validators.js';
import type { CompiledValidator } from '../engine/validation';

/** `final-steps` → `finalSteps`: the export name build-validators gives a page's schema. */
const validatorName = (pageId: string): string =>
  pageId.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** The compiled validation schema of a page (schemas/{id}.schema.json), if it has one. */
export function pageValidator(pageId: string): CompiledValidator | undefined {
  const name = validatorName(pageId);
  return Object.hasOwn(pageValidators, name) ? pageValidators[name] : undefined;
}
