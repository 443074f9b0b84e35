/**
 * [scale] Graceful shutdown of a real server process: on SIGTERM it answers GET /readyz with 503
 * for SHUTDOWN_DRAIN_MS while still serving, then stops taking connections, lets the request
 * under way (a slow upload) finish with its proper answer, and exits 0. Runs on SQLite: nothing
 * here needs a shared database.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveApplicant, startLiveServer, type LiveServer } from '../helpers/live-server';
import { png } from '../server/helpers/fixtures';
import { multipartBody } from '../server/helpers/uploads';

const DRAIN_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a server process on SIGTERM', () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer({
      captureLogs: true,
      env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_TIMEOUT_MS: '10000' },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it('drains, finishes the request under way, then exits 0', async () => {
    const cookie = await liveApplicant(server, 'slow.upload@example.org');
    const presigned = await fetch(`${server.base}/api/presigned-url`, {
      method: 'POST',
      headers: { cookie, origin: server.base, 'content-type': 'application/json' },
      body: JSON.stringify({ answer_key: 'transcript_file' }),
    });
    const form = (await presigned.json()) as { url: string; fields: Record<string, string> };
    const { payload, contentType } = multipartBody(form.fields, {
      name: 'transcript.png',
      bytes: png(),
      type: 'image/png',
    });

    // The upload starts, sends half its body, and waits: a request under way.
    const url = new URL(form.url, server.base);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        origin: server.base,
        'content-type': contentType,
        'content-length': String(payload.length),
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += String(chunk)));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    const half = Math.floor(payload.length / 2);
    request.write(payload.subarray(0, half));
    await sleep(300);

    server.signal('SIGTERM');
    await sleep(200);
    // Draining: unready for the load balancer, still alive and serving.
    const ready = await fetch(`${server.base}/readyz`, { headers: { connection: 'close' } });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'draining',
      message: 'This instance is not ready to serve requests. It is shutting down.',
      code: 'NOT_READY',
    });
    const health = await fetch(`${server.base}/healthz`, { headers: { connection: 'close' } });
    expect(health.status).toBe(200);

    // Drained: no new connection is taken, while the upload is still under way.
    await sleep(DRAIN_MS);
    await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();

    request.end(payload.subarray(half));
    expect(await answered).toEqual({ status: 204, body: '' });
    const ended = Date.now();
    expect(await server.exited()).toBe(0);
    // The answer closed its keep-alive connection, so nothing held the process open.
    expect(Date.now() - ended).toBeLessThan(2000);
    expect(existsSync(path.join(server.dataDir, 'blobs', form.fields.key!))).toBe(true);

    const messages = server.logs.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('shutting down: finishing the work under way');
    expect(messages.at(-1)).toBe('shut down');
  }, 60_000);
});
