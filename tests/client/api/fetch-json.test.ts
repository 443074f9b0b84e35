import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerError, UnauthorizedError } from '../../../src/client/api/errors';
import { genericErrorMessage } from '../../../src/client/messages';
import { fetchJson } from '../../../src/client/api/fetch-json';

const respond = (body: string, status: number, contentType = 'application/json') =>
  vi.fn(() =>
    Promise.resolve(new Response(body, { status, headers: { 'Content-Type': contentType } })),
  );

afterEach(() => vi.unstubAllGlobals());

describe('fetchJson', () => {
  it('resolves with the JSON body of an OK response', async () => {
    vi.stubGlobal('fetch', respond('{"message":"ok"}', 200));
    await expect(fetchJson('/api/profile')).resolves.toEqual({ message: 'ok' });
  });

  it('sends JSON with a JSON content type and same-origin credentials on mutating calls', async () => {
    const fetchMock = respond('{}', 200);
    vi.stubGlobal('fetch', fetchMock);
    await fetchJson('/public/login', { method: 'POST', body: { username: 'a@b.co' } });
    await fetchJson('/api/submit', { method: 'POST' });
    expect(fetchMock.mock.calls).toEqual([
      [
        '/public/login',
        {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: '{"username":"a@b.co"}',
          signal: undefined,
        },
      ],
      [
        '/api/submit',
        {
          method: 'POST',
          credentials: 'same-origin',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: '{}',
          signal: undefined,
        },
      ],
    ]);
  });

  it('sends no body on a GET', async () => {
    const fetchMock = respond('{}', 200);
    vi.stubGlobal('fetch', fetchMock);
    await fetchJson('/api/profile');
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/profile',
      {
        method: 'GET',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        body: undefined,
        signal: undefined,
      },
    ]);
  });

  it('turns a response that is not JSON into a server error with the generic message', async () => {
    vi.stubGlobal('fetch', respond('<html>oops</html>', 200, 'text/html'));
    const error = await fetchJson('/api/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).not.toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ message: genericErrorMessage(), status: 200 });
  });

  it('uses the message of a non-OK response, with its status, code and errors', async () => {
    const body = {
      message: 'Incorrect username or password.',
      code: 'BAD_LOGIN',
      errors: { username: ['Give a valid address (fixture).'] },
    };
    vi.stubGlobal('fetch', respond(JSON.stringify(body), 400));
    const error = await fetchJson('/public/login', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({
      message: 'Incorrect username or password.',
      status: 400,
      code: 'BAD_LOGIN',
      errors: { username: ['Give a valid address (fixture).'] },
    });
  });

  it('falls back to the generic message when a non-OK body has no string message', async () => {
    vi.stubGlobal('fetch', respond('{"message":42}', 500));
    await expect(fetchJson('/api/profile')).rejects.toMatchObject({
      message: genericErrorMessage(),
      status: 500,
    });
  });

  it('turns a non-JSON error page into the generic message', async () => {
    vi.stubGlobal('fetch', respond('Bad Gateway', 502, 'text/plain'));
    await expect(fetchJson('/api/profile')).rejects.toMatchObject({
      message: genericErrorMessage(),
      status: 502,
    });
  });

  it('throws an UnauthorizedError on 401', async () => {
    vi.stubGlobal('fetch', respond('{"message":"Not logged in."}', 401));
    const error = await fetchJson('/api/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ status: 401, message: 'Not logged in.' });
  });

  it('turns a network failure into the generic message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchJson('/api/profile')).rejects.toMatchObject({
      message: genericErrorMessage(),
      status: 0,
    });
  });
});
