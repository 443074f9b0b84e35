/**
 * A tiny static server for the reference page, on loopback: files as they are (no compression,
 * as the product's server sends them), every other path answered with index.html, hashed assets
 * cached like the product's. Comparable to the product's @fastify/static for what a page load
 * measures.
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
    readFile(target).then(
      (body) => {
        const hashed = target.includes(`${path.sep}assets${path.sep}`);
        response.writeHead(200, {
          'content-type': types[path.extname(target)] ?? 'application/octet-stream',
          'content-length': body.length,
          'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
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
