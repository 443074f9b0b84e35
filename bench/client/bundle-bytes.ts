/**
 * The bytes a page load fetched: each JavaScript and CSS file once, raw and gzipped (zlib's
 * default level, as a server compressing on the fly would), and which npm modules the product's
 * JavaScript holds, read from the build's source maps (to prove only AJV's runtime ships).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { PageLoad } from './page-load';

interface Bytes {
  files: number;
  raw: number;
  gzip: number;
}

export interface PageBytes {
  js: Bytes;
  css: Bytes;
}

/**
 * The JavaScript and CSS a load fetched, each file counted once, read from the build the page
 * was served from (`distDir`, where the URL's path names the file).
 */
export function pageBytes(load: PageLoad, distDir: string): PageBytes {
  const total = { js: { files: 0, raw: 0, gzip: 0 }, css: { files: 0, raw: 0, gzip: 0 } };
  for (const { url, kind } of new Map(load.resources.map((r) => [r.url, r])).values()) {
    const body = readFileSync(path.join(distDir, new URL(url).pathname));
    const size = { raw: body.length, gzip: gzipSync(body).length };
    total[kind].files += 1;
    total[kind].raw += size.raw;
    total[kind].gzip += size.gzip;
  }
  return total;
}

/**
 * The AJV modules other than its runtime (ajv/dist/runtime/*) in the JavaScript a load fetched:
 * the compiler must never reach the browser (validators are compiled at build time). Files
 * without a source map (the bundler's own runtime chunk) are listed apart, for a reader to check.
 */
export function ajvCompilerModules(
  load: PageLoad,
  distDir: string,
): { modules: string[]; unmapped: string[] } {
  const found = new Set<string>();
  const unmapped: string[] = [];
  for (const { url, kind } of load.resources) {
    if (kind !== 'js') continue;
    const map = path.join(distDir, `${new URL(url).pathname}.map`);
    if (!existsSync(map)) {
      unmapped.push(path.basename(new URL(url).pathname));
      continue;
    }
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const module = /node_modules\/ajv\/(.*)$/.exec(source)?.[1];
      if (module && !module.startsWith('dist/runtime/')) found.add(`ajv/${module}`);
    }
  }
  return { modules: [...found], unmapped };
}
