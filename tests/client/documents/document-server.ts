import { json, stubFetch } from '../questions/render-form';

/** Replies given in turn; the last one repeats. */
export interface InTurn {
  inTurn: unknown[];
}
export const inTurn = (...replies: unknown[]): InTurn => ({ inTurn: replies });

const isInTurn = (value: unknown): value is InTurn =>
  typeof value === 'object' && value !== null && 'inTurn' in value;

/**
 * A fake server for the document calls: `routes` answers "METHOD /path" (query left out) with a
 * body sent as JSON, a Response, a function of the request body, or replies `inTurn`. Anything
 * else is a 404, so an unexpected call shows.
 */
export function documentServer(routes: Record<string, unknown>) {
  const turns = new Map<string, unknown[]>();
  for (const [route, reply] of Object.entries(routes)) {
    turns.set(route, isInTurn(reply) ? [...reply.inTurn] : [reply]);
  }
  const fetchMock = stubFetch((url, init) => {
    const route = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const replies = turns.get(route);
    if (!replies) return json({ message: `No route for ${route}.` }, 404);
    const reply = replies.length > 1 ? replies.shift() : replies[0];
    if (reply instanceof Response) return reply.clone();
    if (typeof reply === 'function') {
      return (reply as (body: unknown) => unknown)(
        init.body ? JSON.parse(String(init.body)) : undefined,
      );
    }
    return reply;
  });
  /** The calls made, as "METHOD /path?query". */
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
  /** The JSON bodies sent to one route. */
  const bodies = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url) === path)
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { fetchMock, calls, bodies };
}

export const conversion = (status: string, message = '') => ({ status, message });
