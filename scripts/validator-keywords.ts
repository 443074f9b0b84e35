import type Ajv from 'ajv';
import {
  _,
  type Code,
  type CodeGen,
  type KeywordCxt,
  type KeywordDefinition,
  type Name,
} from 'ajv';
import { isIsoDate } from '../src/engine/iso-date';

/**
 * Custom keywords of our validation schemas. Each is defined with a `code` generator (never
 * `validate`), because AJV standalone can only emit code, not carry functions across. The
 * emitted code is self-contained (no runtime helper) and reads "now" from the validation context
 * (`validator.call({ now }, data)`), falling back to the current time.
 *
 * - `isoDate: true`: a non-empty value must be a real calendar date written YYYY-MM-DD.
 * - `minAge: n` / `maxAge: n`: age, computed from the current year (SPEC §5: this year minus the
 *   birth year), must be at least / at most n.
 * - `minYearFromNow: n` / `maxYearFromNow: n`: the date's year must be at least / at most the
 *   current year plus n; the error carries `{year}` for the message.
 * - `formatMinimum` / `formatMaximum: "YYYY-MM-DD"` beside `format: "date"`: a fixed first / last
 *   date allowed, the day itself included; the error carries `{limit}`.
 * The date-relative keywords and the bounds pass an empty or invalid date (another rule, or none,
 * reports it). Also adds the formats `date` and `email` (see `answerFormats`).
 */
export function addCustomKeywords(ajv: Ajv): void {
  for (const definition of keywords) ajv.addKeyword(definition);
  for (const [name, format] of Object.entries(answerFormats)) ajv.addFormat(name, format);
}

const day31 = '(?:0[1-9]|[12]\\d|3[01])';
const day30 = '(?:0[1-9]|[12]\\d|30)';
const day28 = '(?:0[1-9]|1\\d|2[0-8])';
/** Divisible by 4 and not by 100, or by 400. */
const leapYear = '(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';
const calendarDate =
  `(?!0000)(?:\\d{4}-(?:(?:0[13578]|1[02])-${day31}|(?:0[469]|11)-${day30}|02-${day28})` +
  `|${leapYear}-02-29)`;
/** An address as an e-mail input accepts it (WHATWG), with at least one dot in the domain. */
const label = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const emailAddress = `[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${label}(?:\\.${label})+`;

/**
 * The `format` values answers may use. Each is a regular expression because AJV inlines a
 * RegExp format into standalone code, where a format function would need a module imported at
 * run time. Both pass the empty answer, as a cleared question holds '': requiring an answer is
 * minLength's or required's job, as with every other rule of ours.
 */
export const answerFormats = {
  date: new RegExp(`^(?:|${calendarDate})$`),
  email: new RegExp(`^(?:|${emailAddress})$`),
} as const;

const nowYear: Code = _`(this && this.now ? new Date(this.now) : new Date()).getFullYear()`;

/** Emits `const ok = <value is a real YYYY-MM-DD date>` and returns its name. */
function validDate(gen: CodeGen, data: Name | Code): Name {
  const parsed = gen.const(
    'isoParsed',
    _`/^\\d{4}-\\d{2}-\\d{2}$/.test(${data}) ? new Date(${data} + "T00:00:00Z") : null`,
  );
  return gen.const(
    'isoValid',
    _`${parsed} !== null && !isNaN(${parsed}.getTime()) && ${parsed}.toISOString().slice(0, 10) === ${data}`,
  );
}

const yearOf = (data: Name | Code): Code => _`Number(${data}.slice(0, 4))`;

const isoDate: KeywordDefinition = {
  keyword: 'isoDate',
  type: 'string',
  schemaType: 'boolean',
  code(cxt: KeywordCxt) {
    const { gen, data, schema } = cxt;
    if (schema !== true) return;
    const ok = validDate(gen, data);
    cxt.fail(_`${data} !== "" && !${ok}`);
  },
  error: { message: 'must be a valid date (YYYY-MM-DD)' },
};

function ageKeyword(keyword: 'minAge' | 'maxAge'): KeywordDefinition {
  return {
    keyword,
    type: 'string',
    schemaType: 'number',
    code(cxt: KeywordCxt) {
      const { gen, data, schemaCode } = cxt;
      const ok = validDate(gen, data);
      const age = _`(${nowYear} - ${yearOf(data)})`;
      const broken = keyword === 'minAge' ? _`${age} < ${schemaCode}` : _`${age} > ${schemaCode}`;
      cxt.fail(_`${ok} && ${broken}`);
    },
    error: {
      message: ({ schemaCode }) =>
        keyword === 'minAge'
          ? _`"must be at least " + ${schemaCode} + " years old"`
          : _`"must be at most " + ${schemaCode} + " years old"`,
      params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
    },
  };
}

function yearKeyword(keyword: 'minYearFromNow' | 'maxYearFromNow'): KeywordDefinition {
  const limit = (schemaCode: Code | number | boolean): Code => _`(${nowYear} + ${schemaCode})`;
  return {
    keyword,
    type: 'string',
    schemaType: 'number',
    code(cxt: KeywordCxt) {
      const { gen, data, schemaCode } = cxt;
      const ok = validDate(gen, data);
      const year = yearOf(data);
      const broken =
        keyword === 'minYearFromNow'
          ? _`${year} < ${limit(schemaCode)}`
          : _`${year} > ${limit(schemaCode)}`;
      cxt.fail(_`${ok} && ${broken}`);
    },
    error: {
      message: ({ schemaCode }) =>
        keyword === 'minYearFromNow'
          ? _`"the minimum supported year is " + ${limit(schemaCode)}`
          : _`"the maximum supported year is " + ${limit(schemaCode)}`,
      params: ({ schemaCode }) => _`{year: ${limit(schemaCode)}}`,
    },
  };
}

/**
 * The standard names of a fixed date bound, compiled by us: ajv-formats' own formatMinimum calls
 * its format's `compare` function, which standalone code could only reach by importing
 * ajv-formats at run time, and its `date` format refuses the empty answer.
 */
function dateBound(keyword: 'formatMinimum' | 'formatMaximum'): KeywordDefinition {
  return {
    keyword,
    type: 'string',
    schemaType: 'string',
    dependencies: ['format'],
    code(cxt: KeywordCxt) {
      const { gen, data, schema, parentSchema } = cxt;
      const bound = schema as string;
      if (parentSchema.format !== 'date')
        throw new Error(`${keyword} is a date bound: it needs "format": "date" beside it`);
      if (!isIsoDate(bound))
        throw new Error(`${keyword} must be a real date written YYYY-MM-DD, not "${bound}"`);
      const ok = validDate(gen, data);
      // YYYY-MM-DD text orders as the dates do.
      const broken = keyword === 'formatMinimum' ? _`${data} < ${bound}` : _`${data} > ${bound}`;
      cxt.fail(_`${ok} && ${broken}`);
    },
    error: {
      message: ({ schemaCode }) =>
        keyword === 'formatMinimum'
          ? _`"must be on or after " + ${schemaCode}`
          : _`"must be on or before " + ${schemaCode}`,
      params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
    },
  };
}

const keywords: KeywordDefinition[] = [
  isoDate,
  ageKeyword('minAge'),
  ageKeyword('maxAge'),
  yearKeyword('minYearFromNow'),
  yearKeyword('maxYearFromNow'),
  dateBound('formatMinimum'),
  dateBound('formatMaximum'),
];

/** The names of our custom keywords (forms:check treats them as rules that need a message). */
export const customKeywordNames: readonly string[] = keywords.map((k) => k.keyword as string);
