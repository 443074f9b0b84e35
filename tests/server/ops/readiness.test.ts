import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type Db } from '../../../src/server/db/database';
import type { Database } from '../../../src/server/db/tables';
import { Readiness } from '../../../src/server/ops/readiness';
import { createTestApp, databases, fixtureForms, type TestApp } from '../helpers/test-app';

/** A database that no longer answers: a closed SQLite file, or a PostgreSQL nobody listens for. */
async function unreachable(url: string, dataDir: string): Promise<Db> {
  if (!url) {
    const db = await openDatabase({ url: '', dataDir });
    await db.destroy();
    return db;
  }
  const pool = new pg.Pool({
    connectionString: 'postgres://postgres@127.0.0.1:1/none',
    connectionTimeoutMillis: 500,
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

describe.each(databases)('GET /readyz on $name', ({ url }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(url, {}, fixtureForms);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('answers 200 when the database and the blob store both answer', async () => {
    const response = await t.call('GET', '/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', blobs: 'ok' } });
  });

  it('answers 503 naming the blob store when it fails its check', async () => {
    vi.spyOn(t.documents.blobs, 'check').mockRejectedValue(new Error('disk gone'));
    const response = await t.call('GET', '/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not ready',
      message: 'This instance is not ready to serve requests. Unavailable: blobs.',
      code: 'NOT_READY',
      checks: { database: 'ok', blobs: 'unavailable' },
    });
  });

  it('answers 503 when a check does not answer within 2 seconds', async () => {
    vi.spyOn(t.documents.blobs, 'check').mockReturnValue(new Promise(() => {}));
    const started = Date.now();
    const response = await t.call('GET', '/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json().checks).toEqual({ database: 'ok', blobs: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('answers 503 naming the database when it does not answer, while /healthz stays 200', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-ready-'));
    const db = await unreachable(url, dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    const app = await buildApp({ config, db, forms: fixtureForms, logger: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not ready',
        message: 'This instance is not ready to serve requests. Unavailable: database.',
        code: 'NOT_READY',
        checks: { database: 'unavailable', blobs: 'ok' },
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      if (url) await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('readiness while shutting down', () => {
  it('answers 503 once told to drain, while the instance still serves requests', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-ready-'));
    const db = await openDatabase({ url: '', dataDir });
    const readiness = new Readiness();
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    const app = await buildApp({ config, db, forms: fixtureForms, logger: false, readiness });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      readiness.drain();
      const draining = await app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({
        status: 'draining',
        message: 'This instance is not ready to serve requests. It is shutting down.',
        code: 'NOT_READY',
      });
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      // Each answer closes its connection: keep-alive clients reconnect to another instance.
      expect(health.headers.connection).toBe('close');
    } finally {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('drains when the application closes, whoever closes it', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-ready-'));
    const db = await openDatabase({ url: '', dataDir });
    const readiness = new Readiness();
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    const app = await buildApp({ config, db, forms: fixtureForms, logger: false, readiness });
    await app.ready();
    expect(readiness.draining).toBe(false);
    await app.close();
    expect(readiness.draining).toBe(true);
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
