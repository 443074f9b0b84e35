import { describe, expect, it, vi } from 'vitest';
import { loadPageValidators, pageValidator } from '../../../src/client/form/page-validators';
import { fieldValidatorLoaders } from '../../../src/generated/page-validator-loaders.js';
import { pageById } from '../../../src/forms/form-pages';

describe('the browser’s page validators', () => {
  it('loads a page’s validator, then its fields’ validators without waiting for them', async () => {
    const fields = await fieldValidatorLoaders.education!();
    const education = pageById('education')!;
    await loadPageValidators([education]);
    const validator = pageValidator('education')!;
    expect(validator).toBeTypeOf('function');
    await vi.waitFor(() => expect(validator.fields).toBe(fields));
  });
});
