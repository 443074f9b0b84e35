import { describe, expect, it } from 'vitest';
import complete from '../fixtures/answers/complete.json';
import { validate } from '../../src/engine/validation';
import { education } from '../../src/generated/validators.js';

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

describe('Your Academics validation', () => {
  it('accepts a complete application', () => {
    expect(errorsOf({})).toEqual({});
  });

  it.each([
    ['entry_term', 'When do you plan to enroll? is required.'],
    ['applied_major', 'What are you interested in studying? is required.'],
    ['hs_name', 'Search for Your School is required.'],
  ])('requires %s', (key, message) => {
    expect(messagesOf(key, { [key]: undefined })).toEqual([message]);
    expect(messagesOf(key, { [key]: '' })).toEqual([message]);
  });

  it.each([
    ['', true],
    ['dokafor@example.org', true],
    ['dokafor@example', false],
    ['dokafor', false],
    ['d okafor@example.org', false],
  ])('counselor e-mail %j valid: %s', (email, valid) => {
    expect(messagesOf('counselor_email_address', { counselor_email_address: email })).toEqual(
      valid ? [] : ['The counselor email address you entered is invalid.'],
    );
  });

  describe('SAT scores when the SAT was taken', () => {
    const math = 'SAT Math scores must be between 200 and 800 in steps of 10 (for example, 570).';
    const rw =
      'SAT Evidence-Based Reading and Writing scores must be between 200 and 800 in steps of 10 (for example, 570).';
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
        valid ? [] : ['SAT Essay Reading scores must be between 2 and 8.'],
      );
      expect(messagesOf('sat_score_essay_analysis', { sat_score_essay_analysis: score })).toEqual(
        valid ? [] : ['SAT Essay Analysis scores must be between 2 and 8.'],
      );
      expect(messagesOf('sat_score_essay_writing', { sat_score_essay_writing: score })).toEqual(
        valid ? [] : ['SAT Essay Writing scores must be between 2 and 8.'],
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
      ).toEqual(valid ? [] : ['ACT Composite scores must be between 1 and 36.']);
    });

    it('ignores the ACT score when the ACT was not taken', () => {
      expect(errorsOf({ act_taken: 'N', act_score_composite: '99' })).toEqual({});
    });
  });
});
