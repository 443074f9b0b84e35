import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setAnswer } from '../../src/engine/answer-changes';
import { formPages, pageById } from '../../src/forms/form-pages';
import { pageKeys } from '../../src/engine/page-fields';
import { reactiveKeys, setAnswerQuickly } from '../../src/engine/quick-answer';

describe('setAnswerQuickly', () => {
  it('knows which About You answers something reacts to', () => {
    const reactive = reactiveKeys(pageById('about')!);
    for (const key of [
      'country',
      'mailing_addr_same_as_perm_addr',
      'citizenship_type',
      'legacy_ind',
    ])
      expect(reactive.has(key), key).toBe(true);
    for (const key of ['first_name', 'phone_home', 'parent_first_name'])
      expect(reactive.has(key), key).toBe(false);
  });

  it.each(formPages.map((page) => [page.id, page] as const))(
    'gives the same answers as setAnswer on %s, for any sequence of changes',
    (_id, page) => {
      const keys = [...pageKeys(page), 'not_on_this_page'];
      const values = ['', 'Y', 'N', 'USA', 'CAN', 'FRA', 'PR', 'IN', 'US', 'true', 'false', 'x'];
      const change = fc.record({
        key: fc.constantFrom(...keys),
        value: fc.constantFrom(...values),
        desc: fc.option(fc.constantFrom('Yes', 'No', 'Label'), { nil: undefined }),
      });
      fc.assert(
        fc.property(fc.array(change, { maxLength: 40 }), (changes) => {
          let full = {};
          let quick = {};
          for (const { key, value, desc } of changes) {
            full = setAnswer(page, full, key, value, desc);
            quick = setAnswerQuickly(page, quick, key, value, desc, true);
            expect(quick).toEqual(full);
          }
        }),
        { numRuns: 300 },
      );
    },
  );

  it('clears what is hidden when the answers may not be clean', () => {
    const about = pageById('about')!;
    const restored = { legacy_ind: 'N', legacy_first_name: 'Grace' };
    expect(setAnswerQuickly(about, restored, 'first_name', 'Ada', undefined, false)).toEqual({
      legacy_ind: 'N',
      legacy_first_name: '',
      first_name: 'Ada',
    });
  });
});
