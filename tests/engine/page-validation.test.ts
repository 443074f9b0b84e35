import { describe, expect, it } from 'vitest';
import complete from '../fixtures/answers/complete.json';
import { requiredAnswers } from '../fixtures/answers/required';
import { formPages, pageById } from '../../src/forms/form-pages';
import { pageValidator } from '../../src/forms/page-validators';
import {
  mergeErrors,
  notAnOptionMessage,
  validateApplication,
  validatePage,
} from '../../src/engine/page-validation';
import { requiredMessage, ruleMessage } from '../helpers/shipped-texts';

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
      mailing_addr_effective_date: [
        ruleMessage('mailing_addr_effective_date', {
          keyword: 'maxYearFromNow',
          values: { year: 2028 },
        }),
      ],
    });
  });

  it('checks scores only in the branch that shows', () => {
    const validator = pageValidator('education')!;
    expect(
      validatePage(education, validator, { answers: { ...complete, act_taken: 'Y' } }, { now }),
    ).toEqual({
      act_score_composite: [requiredMessage('act_score_composite')],
    });
  });

  it('refuses a choice that is not one of the question’s options, whatever its type', () => {
    const answers = {
      ...complete,
      gender: 'Q', // radio
      gender_iden: 'NOT-A-CODE', // select with an inline list
      country: 'Atlantis', // named list
      ethnicity: 'maybe', // yes-no
      optin_sms_ind: 'yes', // checkbox
    };
    expect(validatePage(about, pageValidator('about')!, { answers }, { now })).toEqual({
      gender: [notAnOptionMessage],
      gender_iden: [notAnOptionMessage],
      country: [notAnOptionMessage],
      ethnicity: [notAnOptionMessage],
      optin_sms_ind: [notAnOptionMessage],
    });
    const terms = { ...complete, entry_term: 'FALL' };
    expect(
      validatePage(education, pageValidator('education')!, { answers: terms }, { now }),
    ).toEqual({ entry_term: [notAnOptionMessage] });
  });

  it('reads lists that depend on another answer or on the date', () => {
    const validator = pageValidator('about')!;
    const ontario = { ...complete, country: 'USA', state: 'ON' };
    expect(validatePage(about, validator, { answers: ontario }, { now })).toEqual({
      state: [notAnOptionMessage],
    });
    const canada = { ...complete, country: 'CAN', state: 'ON', zip: 'K1A 0B1' };
    expect(validatePage(about, validator, { answers: canada }, { now })).toEqual({});
    // Graduation years run from four years ahead of `now` backwards.
    const years = pageValidator('education')!;
    const future = { ...complete, grad_year: '2030' };
    expect(validatePage(education, years, { answers: future }, { now })).toEqual({
      grad_year: [notAnOptionMessage],
    });
    expect(
      validatePage(education, years, { answers: future }, { now: new Date('2027-01-01') }),
    ).toEqual({});
  });

  it('ignores a hidden question’s answer, and an answer with no list to check it against', () => {
    const hidden = {
      ...complete,
      mailing_addr_same_as_perm_addr: 'Y',
      mailing_country: 'Atlantis',
    };
    expect(validatePage(about, pageValidator('about')!, { answers: hidden }, { now })).toEqual({});
  });

  it('validates every page of the application and merges the errors', () => {
    const answers = { ...complete, first_name: '', legal_agree: 'false' };
    const byPage = validateApplication(formPages, pageValidator, { answers }, { now });
    expect(Object.keys(byPage)).toEqual(['about', 'final-steps']);
    expect(mergeErrors(byPage)).toEqual({
      first_name: [requiredMessage('first_name')],
      legal_agree: [expect.stringMatching(/^I certify/)],
    });
  });

  it('the required-answers fixture the component and browser tests submit passes every page', () => {
    expect(
      validateApplication(formPages, pageValidator, { answers: { ...requiredAnswers } }),
    ).toEqual({});
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
        'phone_home',
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
