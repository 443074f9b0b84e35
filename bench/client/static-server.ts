/**
 * A tiny static server for the reference page, on loopback: the .br or .gz copy the build wrote
 * when the browser accepts it (as the product's @fastify/static sends them), every other path
 * answered with index.html, hashed assets cached like the product's. Comparable to the product's
 * server for what a page load measures.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  base: string;
  close(): Promise<void>;
}

export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = path.resolve(dir);
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.resolve(root, `.${pathname}`);
    const asset = file.startsWith(root + path.sep) && path.extname(file) !== '';
    const target = asset ? file : path.join(root, 'index.html');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encodings = [
      ...(/\bbr\b/.test(accepts) ? [['br', '.br'] as const] : []),
      ...(/\bgzip\b/.test(accepts) ? [['gzip', '.gz'] as const] : []),
    ];
    readEncoded(target, encodings).then(
      ({ body, encoding }) => {
        const hashed = target.includes(`${path.sep}assets${path.sep}`);
        response.writeHead(200, {
          'content-type': types[path.extname(target)] ?? 'application/octet-stream',
          'content-length': body.length,
          'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          vary: 'Accept-Encoding',
          ...(encoding ? { 'content-encoding': encoding } : {}),
        });
        response.end(body);
      },
      () => {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first compressed copy that exists among those accepted, else the file itself. */
async function readEncoded(
  file: string,
  encodings: ReadonlyArray<readonly [string, string]>,
): Promise<{ body: Buffer; encoding?: string }> {
  for (const [encoding, suffix] of encodings) {
    const body = await readFile(file + suffix).catch(() => undefined);
    if (body) return { body, encoding };
  }
  return { body: await readFile(file) };
}
