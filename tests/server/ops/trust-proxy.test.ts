import { describe, expect, it } from 'vitest';
import { createTestApp, databases } from '../helpers/test-app';

describe.each(databases)('per-IP limits behind a load balancer on $name', ({ url }) => {
  /** Three calls from one client behind the proxy at 127.0.0.1, then one from another. */
  async function callsThroughProxy(env: Record<string, string>): Promise<number[]> {
    const t = await createTestApp(url, { RATE_LIMIT_PER_IP_PER_MINUTE: '2', ...env });
    try {
      const statuses: number[] = [];
      for (const [i, client] of [
        '203.0.113.7',
        '203.0.113.7',
        '203.0.113.7',
        '198.51.100.9',
      ].entries()) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/public/forgot-password',
          remoteAddress: '127.0.0.1',
          headers: {
            origin: t.config.publicUrl,
            'content-type': 'application/json',
            'x-forwarded-for': client,
          },
          payload: JSON.stringify({ username: `u${i}@example.org` }),
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    } finally {
      await t.close();
    }
  }

  it('count each client apart when TRUST_PROXY names the proxy', async () => {
    expect(await callsThroughProxy({ TRUST_PROXY: '127.0.0.1' })).toEqual([200, 200, 429, 200]);
  });

  it('believe no X-Forwarded-For without TRUST_PROXY: one address, one count', async () => {
    expect(await callsThroughProxy({})).toEqual([200, 200, 429, 429]);
  });

  it('believe no X-Forwarded-For from a proxy TRUST_PROXY does not name', async () => {
    expect(await callsThroughProxy({ TRUST_PROXY: '10.0.0.0/8' })).toEqual([200, 200, 429, 429]);
  });
});
