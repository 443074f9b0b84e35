/**
 * The browser's page validators (src/client/form/page-validators.ts): each loads when asked, the
 * same function per page, and is the validator the server runs (src/forms/page-validators.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  loadPageValidators,
  pageValidator,
  pageValidatorLoader,
  routeValidatorLoader,
} from '../../../src/client/form/page-validators';
import { formPages, pageById } from '../../../src/forms/form-pages';
import { pageValidator as serverValidator } from '../../../src/forms/page-validators';

describe('page validators in the browser', () => {
  it('has none until a page asks, then the same validator as the server', async () => {
    expect(pageValidator('education')).toBeUndefined();
    const load = routeValidatorLoader('/education');
    expect(load).toBe(pageValidatorLoader('education'));
    expect(await load!()).toBe(serverValidator('education'));
    expect(pageValidator('education')).toBe(serverValidator('education'));
    // Loading one page's left the others alone.
    expect(pageValidator('final-steps')).toBeUndefined();
  });

  it('names a loader for every form page by its route, and none for other paths', () => {
    for (const page of formPages) {
      expect(routeValidatorLoader(page.route)).toBe(pageValidatorLoader(page.id));
      expect(routeValidatorLoader(page.route)).toBeTypeOf('function');
    }
    expect(routeValidatorLoader('/completion')).toBeUndefined();
    expect(routeValidatorLoader('/constructor')).toBeUndefined();
    expect(pageValidatorLoader('__proto__')).toBeUndefined();
  });

  it('loads every page’s validator for a signed-in applicant', async () => {
    await loadPageValidators(formPages);
    for (const page of formPages) expect(pageValidator(page.id)).toBe(serverValidator(page.id));
    expect(pageById('final-steps')).toBeDefined();
  });
});
