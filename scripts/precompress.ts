/**
 * A Vite plugin that writes a Brotli (.br) and a gzip (.gz) copy beside every built script,
 * style sheet and SVG that compression shrinks, once at build time; the server sends the copy the
 * browser accepts (@fastify/static preCompressed), so no request spends CPU compressing. The
 * benchmark's reference page is built with it too, so both are served alike.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/client';
      for (const name of Object.keys(bundle)) {
        // .vite/manifest.json is read by the server from disk, never served.
        if (!/\.(?:js|css|svg|json)$/.test(name) || name.startsWith('.vite/')) continue;
        const file = path.join(dir, name);
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
      }
    },
  };
}
