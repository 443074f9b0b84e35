import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DefinitionChanges, Profile } from '../../src/contract/application';
import type { ConversionStatus, DocumentAnswers } from '../../src/contract/documents';
import type { LookupRecord } from '../../src/contract/lookup';
import { allRequired, type Wire } from '../../src/contract/wire';

// The type assertions are checked by `npm run typecheck` (tsc reads tests/ too).
describe('the wire types derived from the route schemas', () => {
  it('allRequired lists every property as required, in order', () => {
    expect(allRequired({ a: { type: 'string' }, b: { type: 'integer' } })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['a', 'b'],
    });
  });

  it('are closed objects: no open index signature where the schema lists properties', () => {
    const schema = allRequired({ a: { type: 'string' }, b: { type: 'integer' } });
    expectTypeOf<Wire<typeof schema>>().toEqualTypeOf<{ a: string; b: number }>();
    expect(schema.required).toEqual(['a', 'b']);
  });

  it('say what the profile, documents and lookup replies hold', () => {
    expectTypeOf<Profile>().toEqualTypeOf<{
      answer: Record<string, string>;
      language: 'en' | 'es';
      document_answer: Record<string, unknown>;
      username: string;
      last_page: string;
      successful_login: string[];
      web_status: { web_status?: string }[];
      definition_changes?: DefinitionChanges;
    }>();
    expectTypeOf<DefinitionChanges['pages'][number]['options'][number]>().toEqualTypeOf<{
      key: string;
      label: string;
      href: string;
      was: string;
    }>();
    expectTypeOf<DocumentAnswers>().toEqualTypeOf<
      Record<string, { file_name: string; file_size: number }>
    >();
    expectTypeOf<ConversionStatus['status']>().toEqualTypeOf<
      'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | 'NOT_ANSWERED'
    >();
    expectTypeOf<keyof LookupRecord>().toEqualTypeOf<
      'id' | 'name' | 'ceeb' | 'address_line_1' | 'city' | 'state' | 'zip' | 'country'
    >();
  });
});
