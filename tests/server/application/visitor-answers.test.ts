import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unansweredOnly } from '../../../src/server/application/visitor-answers';
import {
  createTestApp,
  databases,
  fixtureForms,
  signedIn,
  type TestApp,
} from '../helpers/test-app';

describe('the answers a claim writes', () => {
  it('are the typed ones the account has not answered, each with its display text', () => {
    expect(
      unansweredOnly(
        {
          first_name: 'Sophie',
          city: 'Oslo',
          gender: 'F',
          gender_desc: 'Woman (fixture)',
          zip: '',
        },
        { first_name: 'Sofia', city: '', gender: 'M', gender_desc: 'Man (fixture)' },
      ),
    ).toEqual({ city: 'Oslo', zip: '' });
    expect(unansweredOnly({ gender: 'F', gender_desc: 'Woman (fixture)' }, {})).toEqual({
      gender: 'F',
      gender_desc: 'Woman (fixture)',
    });
  });
});

describe.each(databases)('signing in with a visitor’s answers on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp(url, {}, fixtureForms);
    ada = await signedIn(t, 'ada@example.org');
  });
  afterEach(async () => {
    await t.close();
  });

  const profile = async () => (await t.call('GET', '/api/profile', undefined, ada)).json();

  it('keeps the saved answers, fills the unanswered ones, and hands back all typed ones', async () => {
    await t.call('PUT', '/api/answer', { first_name: 'Sofia', city: '' }, ada);
    const typed = { first_name: 'Sophie', city: 'Oslo' };
    const { token } = (await t.call('POST', '/public/tmp', { answer: typed })).json();

    const claim = await t.call('POST', '/api/visitor-answers/claim', { token }, ada);
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toEqual({ answer: typed });
    expect((await profile()).answer).toEqual({ first_name: 'Sofia', city: 'Oslo' });
  });

  it('writes every typed answer into an account with none saved', async () => {
    const typed = { first_name: 'Vera', city: 'Oslo' };
    const { token } = (await t.call('POST', '/public/tmp', { answer: typed })).json();
    await t.call('POST', '/api/visitor-answers/claim', { token }, ada);
    expect((await profile()).answer).toEqual(typed);
  });
});
