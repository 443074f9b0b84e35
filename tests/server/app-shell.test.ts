import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { scratchDir } from '../helpers/scratch-dir';

describe('the application page and its headers', () => {
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    const dataDir = scratchDir('admissions-shell');
    const clientDir = path.join(dataDir, 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<html><head><meta name="identity-cookie-prefix" content="admissions_identity" /></head><body><script type="module" src="/assets/app.js"></script></body></html>',
    );
    writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(
      path.join(clientDir, 'assets', 'app.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    writeFileSync(path.join(clientDir, 'assets', 'app.js.gz'), gzipSync('console.log(1)'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      IDENTITY_COOKIE_PREFIX: 'uni_id',
      NODE_ENV: 'test',
    });
    db = await openDatabase({ url: '', dataDir });
    app = await buildApp({ config, db, clientDir, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  it('serves the application for any non-API path, with the configured cookie prefix', async () => {
    for (const url of [
      '/',
      '/about',
      '/no/such/page?token=abc&x=1',
      '/reset?username=a%40b.co&id=xyz',
      // The staff console routes itself too (issue 17).
      '/staff',
      '/staff/login?error=sso',
      '/staff/applications/3f2c?status=submitted',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<meta name="identity-cookie-prefix" content="uni_id" />');
    }
  });

  it('serves built assets with a long cache life', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the compressed copy the browser accepts, and the plain file to others', async () => {
    const get = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/app.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers API paths with JSON, never the page', async () => {
    for (const url of [
      '/api/unknown',
      '/public/unknown',
      '/service/unknown',
      '/lookup/unknown',
      // Metrics are off without METRICS_TOKEN: a 404, not the application's page.
      '/metrics',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/about' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    // The same headers on every answer: JSON, a refusal, an unknown path, one after another.
    for (const [method, url] of [
      ['GET', '/healthz'],
      ['GET', '/api/profile'],
      ['POST', '/public/login'],
      ['GET', '/api/unknown'],
    ] as const) {
      const other = await app.inject({ method, url });
      expect(other.headers['content-security-policy'], url).toBe(csp);
      expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(other.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('keeps API and staff answers out of every cache', async () => {
    for (const url of ['/api/profile', '/service/tmp-pdf?service_token=x', '/api/unknown']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers /healthz', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
