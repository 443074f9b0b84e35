import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../../src/engine/iso-date';
import { validate, type CompiledValidator } from '../../src/engine/validation';
import { buildValidators, createAjv } from '../../scripts/build-validators';
import { answerFormats } from '../../scripts/validator-keywords';
import { scratchDir } from '../helpers/scratch-dir';

/** A page schema with fixed date bounds and an e-mail rule, each with its own message. */
const schema = {
  $id: 'bounds',
  type: 'object',
  properties: {
    school_start_date: {
      type: 'string',
      format: 'date',
      formatMinimum: '1990-01-01',
      formatMaximum: '2026-12-31',
      errorMessage: {
        type: 'Please enter a date.',
        format: 'Please enter a real date.',
        formatMinimum: 'The date must be on or after {limit}.',
        formatMaximum: 'The date must be in 2026 or before.',
      },
    },
    counselor_email: {
      type: 'string',
      format: 'email',
      errorMessage: 'Please enter an e-mail address such as name@example.com.',
    },
  },
};

const compiled = createAjv().compile(schema) as unknown as CompiledValidator;
const dateErrors = (value: string) => validate(compiled, { school_start_date: value });

describe('fixed date bounds: formatMinimum and formatMaximum beside format "date"', () => {
  it('pass a date inside the bounds and a date on either bound', () => {
    expect(dateErrors('2010-06-15')).toEqual({});
    expect(dateErrors('1990-01-01')).toEqual({});
    expect(dateErrors('2026-12-31')).toEqual({});
  });

  it('refuse a date outside a bound with that bound’s message, {limit} filled in', () => {
    expect(dateErrors('1989-12-31')).toEqual({
      school_start_date: ['The date must be on or after 1990-01-01.'],
    });
    expect(dateErrors('2027-01-01')).toEqual({
      school_start_date: ['The date must be in 2026 or before.'],
    });
  });

  it('pass the empty answer, and leave an impossible date to the format’s message', () => {
    expect(dateErrors('')).toEqual({});
    expect(dateErrors('2023-02-29')).toEqual({ school_start_date: ['Please enter a real date.'] });
    expect(dateErrors('1800-13-01')).toEqual({ school_start_date: ['Please enter a real date.'] });
  });

  it('refuse to compile a bound that is not a real date, or one without format "date"', () => {
    const ajv = createAjv();
    const bound = (rule: object) => () => ajv.compile({ type: 'string', ...rule });
    expect(bound({ format: 'date', formatMinimum: '1990-02-30' })).toThrow(
      'formatMinimum must be a real date written YYYY-MM-DD, not "1990-02-30"',
    );
    expect(bound({ format: 'email', formatMaximum: '2026-12-31' })).toThrow(
      'formatMaximum is a date bound: it needs "format": "date" beside it',
    );
    expect(bound({ formatMinimum: '1990-01-01' })).toThrow(/format/);
  });
});

describe('the answer formats', () => {
  it('date accepts exactly the real calendar dates, leap days included', () => {
    const disagreements: string[] = [];
    const years = [0, 1, 4, 100, 400, ...Array.from({ length: 801 }, (_, i) => 1600 + i)];
    for (const year of years)
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const text = [String(year).padStart(4, '0'), month, day]
            .map((part, i) => (i === 0 ? part : String(part).padStart(2, '0')))
            .join('-');
          if (answerFormats.date.test(text) !== isIsoDate(text)) disagreements.push(text);
        }
    expect(disagreements).toEqual([]);
    expect(answerFormats.date.test('')).toBe(true);
    expect(answerFormats.date.test('2024-2-9')).toBe(false);
  });

  it('email accepts what an e-mail input accepts, with a dot in the domain', () => {
    const emailErrors = (value: string) => validate(compiled, { counselor_email: value });
    for (const good of ['', 'ada@example.com', 'o.brien+apply@mail.example.ac.uk'])
      expect(emailErrors(good)).toEqual({});
    for (const bad of ['ada', 'ada@example', 'ada @example.com', 'ada@-example.com', '@x.org'])
      expect(emailErrors(bad)).toEqual({
        counselor_email: ['Please enter an e-mail address such as name@example.com.'],
      });
  });

  it('refuses a format we do not define', () => {
    expect(() => createAjv().compile({ type: 'string', format: 'uri' })).toThrow(
      /unknown format "uri"/,
    );
  });
});

describe('the bounds and formats compiled ahead of time', () => {
  it('run as standalone code, with nothing imported at run time', async () => {
    const dir = scratchDir('bounds');
    const schemas = path.join(dir, 'schemas');
    mkdirSync(schemas);
    writeFileSync(path.join(schemas, 'bounds.schema.json'), JSON.stringify(schema));
    const { modules } = buildValidators(schemas);
    expect(modules.bounds).not.toMatch(/\bimport\b|\brequire\(/);
    const file = path.join(dir, 'bounds.js');
    writeFileSync(file, modules.bounds!);
    const { bounds } = (await import(pathToFileURL(file).href)) as {
      bounds: CompiledValidator;
    };
    expect(validate(bounds, { school_start_date: '1989-12-31', counselor_email: 'ada' })).toEqual({
      school_start_date: ['The date must be on or after 1990-01-01.'],
      counselor_email: ['Please enter an e-mail address such as name@example.com.'],
    });
    expect(validate(bounds, { school_start_date: '1990-01-01', counselor_email: '' })).toEqual({});
  });
});
