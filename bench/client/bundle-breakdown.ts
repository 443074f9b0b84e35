/**
 * Where the product's JavaScript bytes come from: the code of each npm package (and of each
 * folder of ours) in the files a load fetched, attributed through the build's source maps and
 * gzipped per package. The per-package figures add up to a little more than the files gzipped
 * one by one (each package compresses on its own); they rank the causes, they do not sum them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { PageLoad } from './page-load';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** `react-dom`, `@tanstack/query-core`, or a folder of ours such as `src/client/session`. */
function owner(source: string): string {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (npm) return npm[1]!;
  const ours = /(src\/.*)\/[^/]+$/.exec(source);
  return ours ? ours[1]! : source;
}

/** Gzipped bytes per owner, largest first; a file without a source map counts as one owner. */
export function bundleBreakdown(
  load: PageLoad,
  distDir: string,
): Array<{ owner: string; gzip: number }> {
  const code = new Map<string, string[]>();
  for (const { url, kind } of load.resources) {
    if (kind !== 'js') continue;
    const file = path.join(distDir, new URL(url).pathname);
    if (!existsSync(`${file}.map`)) {
      code.set(path.basename(file), [readFileSync(file, 'utf8')]);
      continue;
    }
    const lines = readFileSync(file, 'utf8').split('\n');
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    let source = 0;
    map.mappings.split(';').forEach((line, index) => {
      const text = lines[index] ?? '';
      let column = 0;
      const segments = (line ? line.split(',') : []).map((segment) => {
        const [dc = 0, ds] = decodeSegment(segment);
        column += dc;
        if (ds !== undefined) source += ds;
        return { column, source: ds === undefined ? undefined : source };
      });
      segments.forEach((segment, i) => {
        if (segment.source === undefined) return;
        const end = segments[i + 1]?.column ?? text.length;
        const name = owner(map.sources[segment.source] ?? '?');
        let parts = code.get(name);
        if (!parts) code.set(name, (parts = []));
        parts.push(text.slice(segment.column, end));
      });
    });
  }
  return [...code]
    .map(([name, parts]) => ({ owner: name, gzip: gzipSync(parts.join('')).length }))
    .sort((a, b) => b.gzip - a.gzip);
}
