import type Ajv from 'ajv';
import {
  _,
  type Code,
  type CodeGen,
  type KeywordCxt,
  type KeywordDefinition,
  type Name,
} from 'ajv';

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
 * The date-relative keywords pass an empty or invalid date (another rule, or none, reports it).
 */
export function addCustomKeywords(ajv: Ajv): void {
  for (const definition of keywords) ajv.addKeyword(definition);
}

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

const keywords: KeywordDefinition[] = [
  isoDate,
  ageKeyword('minAge'),
  ageKeyword('maxAge'),
  yearKeyword('minYearFromNow'),
  yearKeyword('maxYearFromNow'),
];

/** The names of our custom keywords (forms:check treats them as rules that need a message). */
export const customKeywordNames: readonly string[] = keywords.map((k) => k.keyword as string);
