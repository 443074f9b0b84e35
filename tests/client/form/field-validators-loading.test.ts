/**
 * The fields' validators in the browser (src/client/form/page-validators.ts): they load after
 * their page's validator, without holding it up. No server module is imported here: the server's
 * page validators carry their fields from the start.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadPageValidators, pageValidator } from '../../../src/client/form/page-validators';
import { fieldValidatorLoaders } from '../../../src/generated/page-validator-loaders.js';
import { pageById } from '../../../src/forms/form-pages';

describe('the browser’s field validators', () => {
  it('load after their page’s validator and are attached to it', async () => {
    const fields = await fieldValidatorLoaders.education!();
    await loadPageValidators([pageById('education')!]);
    const validator = pageValidator('education')!;
    expect(validator).toBeTypeOf('function');
    await vi.waitFor(() => expect(validator.fields).toBe(fields));
  });
});
