import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { headersOf } from '../../../src/server/ops/ops-plugin';

/** helmet's headers are read once (ops-plugin.ts): what it would set on every response. */
describe('headersOf', () => {
  it("gives the headers helmet's middleware sets on a response", () => {
    const middleware = helmet({ referrerPolicy: { policy: 'same-origin' } });
    const set: Record<string, string> = {};
    middleware(
      {} as IncomingMessage,
      {
        setHeader: (name: string, value: string) => void (set[name.toLowerCase()] = value),
        removeHeader: () => {},
      } as unknown as ServerResponse,
      () => {},
    );
    const headers = headersOf(middleware);
    expect(headers).toEqual(set);
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('refuses a middleware whose headers cannot be read once', () => {
    type Middleware = Parameters<typeof headersOf>[0];
    const later: Middleware = (_req, res, next) => {
      setTimeout(() => {
        res.setHeader('x-later', '1');
        next();
      }, 0);
    };
    expect(() => headersOf(later)).toThrow(/synchronously/);
    const removing: Middleware = (_req, res, next) => {
      res.setHeader('x-one', '1');
      res.removeHeader('x-other');
      next();
    };
    expect(() => headersOf(removing)).toThrow(/removed x-other/);
    const failing: Middleware = (_req, _res, next) => next(new Error('bad directive'));
    expect(() => headersOf(failing)).toThrow(/bad directive/);
  });
});
