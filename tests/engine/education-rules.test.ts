import { describe, expect, it } from 'vitest';
import complete from '../fixtures/answers/complete.json';
import { validate } from '../../src/engine/validation';
import { education } from '../../src/generated/validators.js';
import { requiredMessage, ruleMessage } from '../helpers/shipped-texts';

const errorsOf = (changes: Record<string, string | undefined>) => {
  const answers: Record<string, string> = { ...complete };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete answers[key];
    else answers[key] = value;
  }
  return validate(education, answers);
};
const messagesOf = (key: string, changes: Record<string, string | undefined>) =>
  errorsOf(changes)[key] ?? [];

describe('education page validation', () => {
  it('accepts a complete application', () => {
    expect(errorsOf({})).toEqual({});
  });

  it.each([
    ['entry_term', requiredMessage('entry_term')],
    ['applied_major', requiredMessage('applied_major')],
    ['hs_name', requiredMessage('hs_name')],
  ])('requires %s', (key, message) => {
    expect(messagesOf(key, { [key]: undefined })).toEqual([message]);
    // An empty answer is caught by the property's own rule, whose message may be worded apart.
    expect(messagesOf(key, { [key]: '' })).toEqual([ruleMessage(key, { keyword: 'minLength' })]);
  });

  it.each([
    ['', true],
    ['dokafor@example.org', true],
    ['dokafor@example', false],
    ['dokafor', false],
    ['d okafor@example.org', false],
  ])('counselor e-mail %j valid: %s', (email, valid) => {
    expect(messagesOf('counselor_email_address', { counselor_email_address: email })).toEqual(
      valid ? [] : [ruleMessage('counselor_email_address')],
    );
  });

  describe('SAT scores when the SAT was taken', () => {
    const math = ruleMessage('sat_score_math');
    const rw = ruleMessage('sat_score_reading_writing');
    it.each([
      ['200', true],
      ['800', true],
      ['570', true],
      ['', true],
      ['190', false],
      ['810', false],
      ['575', false],
      ['201', false],
      ['0570', false],
      ['80', false],
      ['1000', false],
    ])('section score %j valid: %s', (score, valid) => {
      expect(messagesOf('sat_score_math', { sat_score_math: score })).toEqual(valid ? [] : [math]);
      expect(messagesOf('sat_score_reading_writing', { sat_score_reading_writing: score })).toEqual(
        valid ? [] : [rw],
      );
    });

    it.each([
      ['', true],
      ['2', true],
      ['5', true],
      ['8', true],
      ['1', false],
      ['9', false],
      ['0', false],
      ['10', false],
      ['22', false],
    ])('essay score %j valid: %s', (score, valid) => {
      expect(messagesOf('sat_score_essay_reading', { sat_score_essay_reading: score })).toEqual(
        valid ? [] : [ruleMessage('sat_score_essay_reading')],
      );
      expect(messagesOf('sat_score_essay_analysis', { sat_score_essay_analysis: score })).toEqual(
        valid ? [] : [ruleMessage('sat_score_essay_analysis')],
      );
      expect(messagesOf('sat_score_essay_writing', { sat_score_essay_writing: score })).toEqual(
        valid ? [] : [ruleMessage('sat_score_essay_writing')],
      );
    });

    it('ignores SAT scores when the SAT was not taken', () => {
      expect(
        errorsOf({ sat_taken: 'N', sat_score_math: '575', sat_score_essay_reading: '9' }),
      ).toEqual({});
      expect(errorsOf({ sat_taken: undefined, sat_score_math: '575' })).toEqual({});
    });
  });

  describe('ACT composite when the ACT was taken', () => {
    it.each([
      ['1', true],
      ['9', true],
      ['10', true],
      ['36', true],
      ['0', false],
      ['37', false],
      ['05', false],
      ['', false],
      [undefined, false],
    ])('%j valid: %s', (score, valid) => {
      expect(
        messagesOf('act_score_composite', { act_taken: 'Y', act_score_composite: score }),
      ).toEqual(
        valid
          ? []
          : [
              score === undefined
                ? requiredMessage('act_score_composite')
                : ruleMessage('act_score_composite'),
            ],
      );
    });

    it('ignores the ACT score when the ACT was not taken', () => {
      expect(errorsOf({ act_taken: 'N', act_score_composite: '99' })).toEqual({});
    });
  });
});
