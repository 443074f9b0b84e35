import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords } from '../../../src/server/application/search-words';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { addStaff, type TestStaff } from './staff-helpers';
import { applicant, type SeededApplicant } from './staff-seed';

describe('searchWords', () => {
  it('folds case, accents, hyphens and punctuation into words', () => {
    expect(searchWords('María García-López')).toBe('maria garcia lopez');
    expect(searchWords('  Zoë NGUYEN ')).toBe('zoe nguyen');
    expect(searchWords('Garcia, Maria')).toBe('garcia maria');
    expect(searchWords('maria.garcia+1@example.com')).toBe('maria garcia 1 example com');
    expect(searchWords('Ｆｕｌｌ width Ǆ')).toBe('full width dz');
    expect(searchWords('-- , --')).toBe('');
  });
});

describe.each(databases)('staff search by any part of a name ($name)', ({ url }) => {
  let t: TestApp;
  let reader: TestStaff;
  let maria: SeededApplicant;
  let zoe: SeededApplicant;
  let other: SeededApplicant;

  beforeAll(async () => {
    t = await createTestApp(url);
    reader = await addStaff(t, 'reader');
    maria = await applicant(t, 'mgl@example.com', {
      answers: { first_name: 'María', last_name: 'García-López' },
    });
    zoe = await applicant(t, 'z.nguyen@example.org', {
      answers: { first_name: 'Zoë', last_name: 'Nguyen' },
    });
    other = await applicant(t, 'lopezfan@example.net', {
      answers: { first_name: 'Marianne', last_name: 'Lopes' },
    });
  }, 60_000);
  afterAll(() => t.close());

  const found = async (q: string) => {
    const response = await t.call(
      'GET',
      `/api/staff/applications?q=${encodeURIComponent(q)}&sort=email&order=asc`,
      undefined,
      reader.cookies,
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { rows: Array<{ email: string }> }).rows.map((row) => row.email);
  };

  it('finds María García-López and Zoë Nguyen however they are typed', async () => {
    expect(await found('lopez')).toEqual([other.email, maria.email]);
    expect(await found('López')).toEqual([other.email, maria.email]);
    expect(await found('maria garcia')).toEqual([maria.email]);
    expect(await found('Garcia-Lopez')).toEqual([maria.email]);
    expect(await found('Garcia, Maria')).toEqual([maria.email]);
    expect(await found('GARCÍA lóp mar')).toEqual([maria.email]);
    expect(await found('Zoe Nguyen')).toEqual([zoe.email]);
    expect(await found('nguyen zoë')).toEqual([zoe.email]);
  });

  it('matches each word as the start of a word of the name or e-mail', async () => {
    expect(await found('mar')).toEqual([other.email, maria.email]);
    expect(await found('arcia')).toEqual([]);
    // "maria" starts "marianne": Marianne Lopes, not María García-López, who has no "lopes".
    expect(await found('maria lopes')).toEqual([other.email]);
    expect(await found('example org')).toEqual([zoe.email]);
    expect(await found('z.nguyen@example.org')).toEqual([zoe.email]);
    expect(await found('%')).toHaveLength(3);
  });

  it('folds a renamed applicant again when the summary is next read', async () => {
    t.clock.advance(60_000);
    const saved = await t.call(
      'PUT',
      '/api/answer',
      { first_name: 'Chloé', last_name: 'Dupont-Ávila' },
      zoe.cookies,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await found('chloe avila')).toEqual([zoe.email]);
    expect(await found('zoe nguyen')).toEqual([]);
    expect(await found('nguyen')).toEqual([zoe.email]); // still in the e-mail
  });

  it('finds a new account by its e-mail before any name is given', async () => {
    const fresh = await applicant(t, 'new.comer@example.edu');
    expect(await found('comer')).toEqual([fresh.email]);
  });
});
