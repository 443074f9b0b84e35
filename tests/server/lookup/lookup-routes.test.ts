import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLookupData } from '../../../src/server/lookup/lookup-loader';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';

interface Item {
  text: string;
  id: string;
  sub_text: string;
}

describe.each(databases)('GET /lookup/find on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, {}, fixtureForms);
    await loadLookupData(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const find = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/lookup/find', query });
  const search = async (query: Record<string, string>): Promise<Item[]> => {
    const response = await find(query);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const texts = (items: Item[]) => items.map((item) => item.text);
  const entryCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('lookup_entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('searching schools', () => {
    it('finds a high school by the first three letters of its name', async () => {
      const items = await search({ category: 'hs_ceeb', query: 'alc', max_results: '20' });
      expect(items).toContainEqual({
        text: 'Alconbury High School',
        id: '575010',
        sub_text: 'APO, AE · CEEB 575010',
      });
    });

    it('ranks names that begin with the query before names with a later word that does', async () => {
      const items = await search({ category: 'hs_ceeb', query: 'mahan' });
      expect(texts(items)).toEqual(['Mahanoy Area High School', 'A. T. Mahan High School']);
      const prefixOnly = await search({ category: 'hs_ceeb', query: 'alc' });
      expect(prefixOnly).toHaveLength(5);
      for (const text of texts(prefixOnly)) expect(text.toLowerCase()).toMatch(/^alc/);
    });

    it('finds a school by a prefix of a later word of its name', async () => {
      const items = await search({ category: 'hs_ceeb', query: 'mah', state: 'AE' });
      expect(items[0]).toEqual({
        text: 'A. T. Mahan High School',
        id: '576520',
        sub_text: 'APO, AE · CEEB 576520',
      });
    });

    it('needs every word of the query, each as the start of a word of the name or city', async () => {
      const items = await search({ category: 'hs_ceeb', query: 'boulder high' });
      expect(items[0]).toEqual({
        text: 'Boulder High School',
        id: '060115',
        sub_text: 'Boulder, CO · CEEB 060115',
      });
      for (const item of items) expect(`${item.text} ${item.sub_text}`).toMatch(/\bboulder/i);
    });

    it('finds schools by their city and by their code', async () => {
      const byCity = await search({ category: 'hs_ceeb', query: 'apo heidelb' });
      expect(texts(byCity)).toEqual(['Heidelberg High School']);
      const byCode = await search({ category: 'hs_ceeb', query: '57501' });
      expect(texts(byCode)).toEqual(['Alconbury High School']);
    });

    it('ignores accents and case', async () => {
      const plain = await search({ category: 'hs_ceeb', query: 'LUIS MUNOZ MARIN' });
      const accented = await search({ category: 'hs_ceeb', query: 'luis muñoz marín' });
      expect(texts(plain)).toContain('Luis Muñoz Marin');
      expect(accented).toEqual(plain);
    });

    it("ranks the given state's schools first", async () => {
      const anywhere = await search({ category: 'hs_ceeb', query: 'lin', max_results: '20' });
      expect(anywhere.some((item) => !item.sub_text.includes(', CO ·'))).toBe(true);
      const colorado = await search({ category: 'hs_ceeb', query: 'lin', state: 'co' });
      expect(colorado.length).toBeGreaterThan(1);
      expect(colorado[0]?.sub_text).toMatch(/, CO · CEEB/);
      const states = colorado.map((item) => item.sub_text.includes(', CO ·'));
      // Colorado first, then the rest: never a Colorado school after another state's.
      expect(states).toEqual([...states].sort((a, b) => Number(b) - Number(a)));
    });

    it('searches colleges apart from high schools, with their four-digit codes', async () => {
      const items = await search({ category: 'college_ceeb', query: 'univ of colorado bou' });
      expect(items[0]).toEqual({
        text: 'University of Colorado Boulder',
        id: '4841',
        sub_text: 'Boulder, CO · CEEB 4841',
      });
      expect(texts(await search({ category: 'hs_ceeb', query: 'harvard univ' }))).toEqual([]);
    });
  });

  describe('the number of results', () => {
    it('is 5 unless asked, and at most 20', async () => {
      expect(await search({ category: 'hs_ceeb', query: 'high' })).toHaveLength(5);
      expect(await search({ category: 'hs_ceeb', query: 'high', max_results: '1' })).toHaveLength(
        1,
      );
      expect(await search({ category: 'hs_ceeb', query: 'high', max_results: '20' })).toHaveLength(
        20,
      );
    });

    it.each(['21', '0', '-1', '5.0', 'five', ''])('refuses max_results=%j', async (maxResults) => {
      const response = await find({ category: 'hs_ceeb', query: 'high', max_results: maxResults });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The request is not valid: max_results must be a whole number from 1 to 20.',
        code: 'BAD_REQUEST',
      });
    });
  });

  describe('bad requests', () => {
    it('refuses an unknown category, naming the allowed ones', async () => {
      for (const category of ['school', 'HS_CEEB', '']) {
        const response = await find({ category, query: 'alc' });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message:
            'The request is not valid: category must be one of hs_ceeb, college_ceeb, address.',
          code: 'BAD_REQUEST',
        });
      }
      expect((await find({ query: 'alc' })).json().message).toBe(
        'The request is not valid: category must be one of hs_ceeb, college_ceeb, address.',
      );
    });

    it('needs either a query or an id, not both', async () => {
      const neither: Record<string, string> = {};
      for (const query of [neither, { query: 'alc', id: '575010' }]) {
        const response = await find({ category: 'hs_ceeb', ...query });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message:
            'The request is not valid: give either query (the text to search for) or id (a chosen suggestion).',
          code: 'BAD_REQUEST',
        });
      }
    });

    it('refuses an empty or over-long query and a state that is not two letters', async () => {
      expect((await find({ category: 'hs_ceeb', query: '' })).statusCode).toBe(400);
      expect((await find({ category: 'hs_ceeb', query: 'a'.repeat(101) })).statusCode).toBe(400);
      const state = await find({ category: 'hs_ceeb', query: 'alc', state: 'Colorado' });
      expect(state.statusCode).toBe(400);
      expect(state.json().message).toBe(
        'The request is not valid: state must be a two-letter state code.',
      );
    });
  });

  describe('hostile query text', () => {
    const hostile = [
      '"',
      "'",
      '*',
      'alc*',
      '"alc"*',
      'NEAR(alc high)',
      'NEAR(',
      'OR',
      'alc OR high',
      'alc AND NOT high',
      '-alc',
      'high -school',
      ':',
      'search_text:alc',
      '{search_text}: alc',
      '^alc',
      "'; DROP TABLE lookup_entries; --",
      '" OR 1=1 --',
      "alc' OR '1'='1",
      "'alc':* | 'high':*",
      'alc & !high <-> school',
      '%',
      '_',
      '\\',
      '()',
      '\u0000',
      'alc\u0000high',
      '😀'.repeat(100),
      'ä'.repeat(100),
      'a '.repeat(50),
      'Москва школа',
      '東京都立高校',
      'مدرسة',
      'ǅ ß ﬁ Ⅻ ①',
    ];

    it.each(hostile)(
      'answers %j with a list, never an error, and changes nothing',
      async (query) => {
        const before = await entryCount();
        for (const category of ['hs_ceeb', 'college_ceeb', 'address']) {
          const response = await find({ category, query, max_results: '20' });
          expect(response.statusCode).toBe(200);
          expect(Array.isArray(response.json())).toBe(true);
        }
        expect(await entryCount()).toBe(before);
      },
    );

    it('still finds schools afterwards', async () => {
      expect(texts(await search({ category: 'hs_ceeb', query: 'alconbury' }))).toEqual([
        'Alconbury High School',
      ]);
    });

    it('refuses an id that could not name an entry', async () => {
      for (const id of ["575010' OR '1'='1", '575010;', '\u0000', 'x'.repeat(501)]) {
        const response = await find({ category: 'hs_ceeb', id });
        expect(response.statusCode).toBe(400);
      }
    });
  });

  describe('detail by id', () => {
    it('gives a high school: name, code, city, state and ZIP, no street', async () => {
      const response = await find({ category: 'hs_ceeb', id: '575010' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: '575010',
        name: 'Alconbury High School',
        ceeb: '575010',
        address_line_1: '',
        city: 'APO',
        state: 'AE',
        zip: '09470',
        country: 'USA',
      });
    });

    it('gives a college with its street address from IPEDS', async () => {
      const response = await find({ category: 'college_ceeb', id: '4841' });
      expect(response.json()).toEqual({
        id: '4841',
        name: 'University of Colorado Boulder',
        ceeb: '4841',
        address_line_1: 'Regent Drive at Broadway',
        city: 'Boulder',
        state: 'CO',
        zip: '80309-0017',
        country: 'USA',
      });
    });

    it('answers 404 for an unknown id, or an id of another category', async () => {
      for (const [category, id] of [
        ['hs_ceeb', '999999'],
        ['college_ceeb', '575010'],
        ['hs_ceeb', '4841'],
      ] as const) {
        const response = await find({ category, id });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          message: 'We could not find that entry. Please type it in yourself.',
          code: 'LOOKUP_NOT_FOUND',
        });
      }
    });
  });

  describe('addresses with no provider configured', () => {
    it('suggests nothing, without an error, so the block offers manual entry', async () => {
      expect(await search({ category: 'address', query: '1600 Pennsylvania Ave' })).toEqual([]);
      expect((await find({ category: 'address', id: 'abc' })).statusCode).toBe(404);
    });
  });

  describe('access', () => {
    it('is open to visitors, from any page, with a GET and no body', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/lookup/find?category=hs_ceeb&query=alconbury',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(response.statusCode).toBe(200);
    });
  });
});

describe('lookup rate limit', () => {
  it('limits lookups per IP per minute (RATE_LIMIT_LOOKUP_PER_MINUTE)', async () => {
    const t = await createTestApp('', { RATE_LIMIT_LOOKUP_PER_MINUTE: '3' }, fixtureForms);
    try {
      const find = (ip: string) =>
        t.app.inject({
          method: 'GET',
          url: '/lookup/find?category=hs_ceeb&query=x',
          remoteAddress: ip,
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await find('192.0.2.1')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await find('192.0.2.1')).json()).toEqual({
        message: 'Too many attempts. Please wait a few minutes and try again.',
        code: 'RATE_LIMITED',
      });
      expect((await find('192.0.2.2')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
