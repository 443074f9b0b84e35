/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every built script, style sheet, SVG and JSON
 * file that compression shrinks, once at build time; the server sends the copy the browser accepts
 * (@fastify/static preCompressed), so no request spends CPU compressing. A build step of its own
 * (`npm run build:client` runs it after `vite build`) rather than a Vite plugin: at the highest
 * Brotli quality it takes seconds, which Vite reports as a slow plugin. The benchmark's reference
 * page is compressed by it too, so both are served alike.
 *
 *   tsx scripts/precompress.ts [dir]   (default dist/client)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export function precompressDir(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(?:js|css|svg|json)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    // .vite/manifest.json is read by the server from disk, never served.
    if (path.relative(dir, file).startsWith('.vite')) continue;
    const raw = readFileSync(file);
    if (raw.length < 1024) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    const gz = gzipSync(raw, { level: zlib.Z_BEST_COMPRESSION });
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    written++;
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  precompressDir(process.argv[2] ?? 'dist/client');
}
