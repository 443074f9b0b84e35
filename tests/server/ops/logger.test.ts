/**
 * The one log setup of the server and the worker: LOG_LEVEL, JSON lines outside development,
 * one readable line per event (pino-pretty) in development, errors with their stacks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import { createLogger, logDestination } from '../../../src/server/ops/logger';

function collector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const dirs: string[] = [];
const config = (env: Record<string, string>) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admissions-logger-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://127.0.0.1:8080', ...env });
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the log setup', () => {
  it('writes JSON lines outside development, at LOG_LEVEL and above', async () => {
    const { lines, stream } = collector();
    const logger = await createLogger(
      config({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }),
      stream,
    );
    logger.info('not written at warn');
    logger.warn({ jobId: 'j1' }, 'written');
    logger.error({ err: new TypeError('broken') }, 'failed');
    expect(lines).toHaveLength(2);
    const [warn, error] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warn).toMatchObject({ level: 40, jobId: 'j1', msg: 'written' });
    expect(error).toMatchObject({ level: 50, err: { type: 'TypeError', message: 'broken' } });
    expect((error!.err as { stack: string }).stack).toMatch(/TypeError: broken\n\s+at /);
  });

  it('writes one readable line per event in development, through pino-pretty', async () => {
    const { lines, stream } = collector();
    const development = config({ NODE_ENV: 'development' });
    const pretty = await logDestination(development, stream);
    expect(pretty).toBeDefined();
    const logger = await createLogger(development, pretty);
    logger.info({ jobId: 'j2' }, 'job done');
    logger.debug('not written at the default level');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: job done \{"jobId":"j2"\}$/);
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });

  it('leaves standard output JSON outside development', async () => {
    expect(await logDestination(config({ NODE_ENV: 'production' }))).toBeUndefined();
    expect(await logDestination(config({ NODE_ENV: 'test' }))).toBeUndefined();
  });

  it("sets the server's request log by LOG_LEVEL", async () => {
    for (const [level, expected] of [
      ['debug', ['incoming request', 'request completed']],
      ['info', ['request completed']],
      ['warn', []],
    ] as const) {
      const { lines, stream } = collector();
      const settings = config({ NODE_ENV: 'production', LOG_LEVEL: level });
      const db = await openDatabase({ url: '', dataDir: settings.dataDir });
      const app = await buildApp({ config: settings, db, logger: { stream } });
      try {
        await app.inject({ method: 'GET', url: '/healthz' });
        expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(expected);
      } finally {
        await app.close();
        await db.destroy();
      }
    }
  });
});
