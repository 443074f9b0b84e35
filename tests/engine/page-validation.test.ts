import { describe, expect, it } from 'vitest';
import complete from '../fixtures/answers/complete.json';
import { formPages, pageById, pageValidator } from '../../src/engine/form-pages';
import { mergeErrors, validateApplication, validatePage } from '../../src/engine/page-validation';

const now = new Date('2025-06-15T12:00:00');
const about = pageById('about')!;
const education = pageById('education')!;

describe('validating a page', () => {
  it('keeps only the errors of fields that show', () => {
    const answers = {
      ...complete,
      mailing_addr_same_as_perm_addr: 'Y',
      mailing_addr_effective_date: '2040-01-01',
    };
    expect(validatePage(about, pageValidator('about')!, { answers }, { now })).toEqual({});
    const shown = { ...answers, mailing_addr_same_as_perm_addr: 'N' };
    expect(validatePage(about, pageValidator('about')!, { answers: shown }, { now })).toEqual({
      mailing_addr_effective_date: ['The maximum supported year is 2028'],
    });
  });

  it('checks scores only in the branch that shows', () => {
    const validator = pageValidator('education')!;
    expect(
      validatePage(education, validator, { answers: { ...complete, act_taken: 'Y' } }),
    ).toEqual({
      act_score_composite: ['ACT Composite scores must be between 1 and 36.'],
    });
  });

  it('validates every page of the application and merges the errors', () => {
    const answers = { ...complete, first_name: '', legal_agree: 'false' };
    const byPage = validateApplication(formPages, pageValidator, { answers }, { now });
    expect(Object.keys(byPage)).toEqual(['about', 'final-steps']);
    expect(mergeErrors(byPage)).toEqual({
      first_name: ['First Name is required.'],
      legal_agree: [expect.stringMatching(/^I certify/)],
    });
  });

  it('an empty application lists the required fields of each page', () => {
    const byPage = validateApplication(formPages, pageValidator, { answers: {} }, { now });
    expect(Object.keys(byPage.about ?? {}).sort()).toEqual(
      [
        'address_line_1',
        'birth_date',
        'city',
        'country',
        'first_name',
        'gender',
        'last_name',
        'phone_mobile',
      ].sort(),
    );
    expect(Object.keys(byPage.education ?? {}).sort()).toEqual([
      'applied_major',
      'entry_term',
      'hs_name',
    ]);
    expect(Object.keys(byPage['final-steps'] ?? {}).sort()).toEqual([
      'counselor_waiver_request',
      'legal_agree',
    ]);
  });
});
