/**
 * The browser's page validators (src/client/form/page-validators.ts): none until a signed-in
 * applicant's form loads them, then the very validators the server runs.
 */
import { describe, expect, it } from 'vitest';
import { loadPageValidators, pageValidator } from '../../../src/client/form/page-validators';
import { formPages } from '../../../src/forms/form-pages';
import { pageValidator as serverValidator } from '../../../src/forms/page-validators';

describe('page validators in the browser', () => {
  it('has none until they are loaded, then every page’s, the same as the server’s', async () => {
    for (const page of formPages) expect(pageValidator(page.id)).toBeUndefined();
    await loadPageValidators(formPages);
    for (const page of formPages) {
      expect(pageValidator(page.id)).toBeTypeOf('function');
      expect(pageValidator(page.id)).toBe(serverValidator(page.id));
    }
  });

  it('loads nothing for a page without a schema, and a second load keeps the same validators', async () => {
    const about = formPages[0]!;
    await loadPageValidators([...formPages, { ...about, id: 'no-such-page' }]);
    expect(pageValidator('no-such-page')).toBeUndefined();
    const before = pageValidator(about.id);
    await loadPageValidators([about]);
    expect(pageValidator(about.id)).toBe(before);
  });
});
