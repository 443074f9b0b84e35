import { describe, expect, it } from 'vitest';
import type { PageDefinition } from '../../src/engine/definitions';
import { formPages } from '../../src/forms/form-pages';
import { blockParts, fileAnswerKeys, pageFields, pageKeys } from '../../src/engine/page-fields';

const page: PageDefinition = {
  id: 'p',
  title: 'P',
  step: 1,
  route: '/p',
  errorSummary: [],
  sections: [
    {
      id: 's',
      condition: { valueKey: 'show', operator: 'equals', target: 'Y' },
      questions: [
        { type: 'paragraph', text: 'Hello' },
        {
          type: 'checkbox-group',
          label: 'Pick',
          items: [
            { key: 'a', label: 'A' },
            { key: 'b', label: 'B' },
          ],
        },
        {
          type: 'confirm',
          key: 'ok',
          label: 'OK?',
          style: 'button',
          then: [{ type: 'text', key: 'after', label: 'After' }],
        },
        {
          type: 'add-another',
          id: 'x',
          max: 2,
          questions: [{ type: 'text', key: 'x_{n}', label: 'X {n}' }],
        },
        {
          type: 'school-search',
          prefix: 'hs_',
          category: 'hs_ceeb',
          label: 'Search',
          required: true,
        },
      ],
    },
  ],
};

describe('page fields', () => {
  it('expands blocks, groups and repeaters into one field per answer key, in page order', () => {
    expect(pageKeys(page)).toEqual([
      'a',
      'b',
      'ok',
      'after',
      'x_1',
      'x_2',
      'hs_name',
      'hs_ceeb',
      'hs_country',
      'hs_address_line_1',
      'hs_city',
      'hs_state',
      'hs_zip',
    ]);
  });

  it("carries every condition: the section's, the branch's, and the state's country", () => {
    const byKey = new Map(pageFields(page).map((f) => [f.key, f]));
    const show = { valueKey: 'show', operator: 'equals', target: 'Y' };
    expect(byKey.get('a')?.conditions).toEqual([show]);
    expect(byKey.get('after')?.conditions).toEqual([
      show,
      { valueKey: 'ok', operator: 'equals', target: 'true' },
    ]);
    expect(byKey.get('hs_state')?.conditions).toEqual([
      show,
      { valueKey: 'hs_country', operator: 'in', target: ['USA', 'CAN'] },
    ]);
    expect(byKey.get('x_2')).toMatchObject({
      instance: { id: 'x', n: 2 },
      question: { label: 'X 2' },
      pointer: '/sections/0/questions/3/questions/0',
    });
  });

  it("names an address block's parts from its prefix, with overrides, and marks the required ones", () => {
    const parts = blockParts({
      type: 'address',
      prefix: 'mailing_',
      label: 'Mailing',
      required: true,
      keys: { zip: 'mailing_postcode' },
    });
    expect(parts.map((p) => p.key)).toEqual([
      'mailing_country',
      'mailing_address_line_1',
      'mailing_address_line_2',
      'mailing_city',
      'mailing_state',
      'mailing_postcode',
    ]);
    expect(parts.map((p) => p.question.required)).toEqual([
      true,
      true,
      undefined,
      true,
      true,
      { valueKey: 'mailing_country', operator: 'equals', target: 'USA' },
    ]);
    expect(parts[4]?.question.options).toEqual({
      byAnswer: 'mailing_country',
      cases: { USA: 'us-states', CAN: 'canadian-provinces' },
    });
  });
});

describe('file answer keys', () => {
  it('are the keys of file questions, inside tabs too, and nothing else', () => {
    expect([...fileAnswerKeys(formPages)]).toEqual(['transcript_file']);
  });
});
