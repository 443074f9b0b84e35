import { describe, expect, it } from 'vitest';
import complete from '../fixtures/answers/complete.json';
import { fieldSchema, schemaFields } from '../../src/engine/field-schema';
import { validateField, validatePage } from '../../src/engine/page-validation';
import { pageFields } from '../../src/engine/page-fields';
import type { Answers } from '../../src/engine/definitions';
import { formPages } from '../../src/forms/form-pages';
import { pageValidator } from '../../src/forms/page-validators';

const now = new Date('2025-06-15T12:00:00');

/** A page schema with one rule of each kind the slicer narrows, and one it keeps whole. */
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'page',
  title: 'A page',
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, errorMessage: 'Enter a name.' },
    phone: { type: 'string', pattern: '^[0-9]*$', errorMessage: 'Digits only.' },
  },
  required: ['name', 'phone'],
  errorMessage: { required: { name: 'Enter a name.', phone: 'Enter a phone.' } },
  allOf: [
    {
      $comment: 'A state for the USA.',
      if: { required: ['country'], properties: { country: { const: 'USA' } } },
      then: {
        required: ['state'],
        properties: { state: { type: 'string', minLength: 1, errorMessage: 'Choose a state.' } },
        errorMessage: { required: { state: 'Choose a state.' } },
      },
    },
    { anyOf: [{ required: ['phone'] }, { required: ['email'] }] },
  ],
  dependentSchemas: {
    email: { properties: { email: { type: 'string', pattern: '@', errorMessage: 'An e-mail.' } } },
  },
};

describe('one field’s slice of a page schema', () => {
  it('keeps the field’s property, its required entry and message, and nothing of the others’', () => {
    expect(fieldSchema(schema, 'name', 'page--name')).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'page--name',
      type: 'object',
      properties: { name: schema.properties.name },
      required: ['name'],
      errorMessage: { required: { name: 'Enter a name.' } },
      // A rule it cannot narrow stays whole: the field's errors from it are the page's.
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
    });
  });

  it('keeps a cross-field rule that requires the field, its condition whole', () => {
    expect(fieldSchema(schema, 'state', 'page--state')).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'page--state',
      type: 'object',
      allOf: [
        {
          if: schema.allOf[0]!.if,
          then: schema.allOf[0]!.then,
        },
        { anyOf: [{ required: ['phone'] }, { required: ['email'] }] },
      ],
    });
  });

  it('keeps the dependent schema that constrains the field', () => {
    expect(fieldSchema(schema, 'email', 'page--email')?.dependentSchemas).toEqual(
      schema.dependentSchemas,
    );
    expect(fieldSchema(schema, 'name', 'page--name')?.dependentSchemas).toBeUndefined();
  });

  it('gives nothing for a field no rule names', () => {
    const plain = { ...schema, allOf: [schema.allOf[0]!] };
    expect(fieldSchema(plain, 'country', 'page--country')).toBeNull();
  });

  it('lists the fields the schema names, not those only its conditions read', () => {
    expect(schemaFields(schema)).toEqual(['email', 'name', 'phone', 'state']);
  });
});

/** Answers that set off every kind of rule of the three pages, with the complete set's help. */
const states: Answers[] = [
  {},
  { first_name: 'A', country: 'USA', optin_sms_ind: 'true', gender: 'ZZ' },
  { country: 'CAN', phone_home: '(5', phone_mobile: 'x', birth_date: '2030-01-01' },
  { ...complete },
  { ...complete, phone_home: '', phone_mobile: '', phone_international: '' },
  { ...complete, mailing_addr_same_as_perm_addr: 'N', mailing_addr_effective_date: '2040-01-01' },
  { ...complete, act_taken: 'Y', hs_country: 'USA', hs_state: '' },
  { ...complete, country: 'GBR', zip: 'nope', state: 'MN' },
];

describe('validating one field', () => {
  it('gives each field of every page the errors the page’s validation gives it', () => {
    let withErrors = 0;
    for (const page of formPages) {
      const validator = pageValidator(page.id);
      if (!validator) continue;
      expect(validator.fields, page.id).toBeDefined();
      for (const answers of states) {
        const state = { answers };
        const full = validatePage(page, validator, state, { now });
        withErrors += Object.keys(full).length;
        for (const { key } of pageFields(page)) {
          const own = validateField(page, validator, state, key, { now });
          expect(own, `${page.id}.${key} in ${JSON.stringify(answers).slice(0, 80)}`).toEqual(
            full[key] ?? [],
          );
        }
      }
    }
    // The states set off many rules, so the comparison is not of empty lists alone.
    expect(withErrors).toBeGreaterThan(40);
  });

  it('gives no error to a field that does not show', () => {
    const about = formPages.find((page) => page.id === 'about')!;
    const validator = pageValidator('about')!;
    const shown = { ...complete, mailing_addr_same_as_perm_addr: 'N' };
    const field = 'mailing_addr_effective_date';
    const answers = { ...shown, [field]: '2040-01-01' };
    expect(validateField(about, validator, { answers }, field, { now })).not.toEqual([]);
    const hidden = { ...answers, mailing_addr_same_as_perm_addr: 'Y' };
    expect(validateField(about, validator, { answers: hidden }, field, { now })).toEqual([]);
  });
});
