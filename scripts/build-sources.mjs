// Whether dist/ was built from the files checked out now: a SHA-256 of the build's sources
// (their paths and contents, never their dates: a pull, a checkout or a copy changes dates
// without changing code, and an edit within the same second changes code without a newer date),
// recorded in dist/build-sources.json after each `npm run build` and compared by run-built.mjs
// before it starts a program. Plain JavaScript for the same reason as run-built.mjs.
//
//   node scripts/build-sources.mjs record    after a build: write the hash into dist/
//   node scripts/build-sources.mjs check     exit 0 when dist/ matches the sources, 1 when not
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the client and server bundles are built from. scripts/ is in because the server bundle
 * compiles operators' scripts (migrate, backup…) and vite.config.ts imports some; src/generated
 * is out because the build writes it.
 */
export const sourcePaths = [
  'src',
  'forms',
  'schemas',
  'scripts',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const skipped = new Set(['src/generated']);

export const stampFile = 'dist/build-sources.json';

/** Every file under `rel` (a file or folder of `root`), as sorted POSIX paths. */
function filesUnder(root, rel) {
  if (skipped.has(rel)) return [];
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, `${rel}/${name}`));
}

/** One source path's hash (its files' paths and contents). */
function partHash(root, part) {
  const hash = createHash('sha256');
  for (const rel of filesUnder(root, part)) {
    // The path is hashed too, so a renamed or moved file counts as a change.
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The sources' hash and each source path's, or undefined where there are no sources (the
 * production image, which holds dist/ but not src/).
 */
export function sourcesHash(root) {
  if (!existsSync(path.join(root, 'src'))) return undefined;
  const parts = Object.fromEntries(sourcePaths.map((p) => [p, partHash(root, p)]));
  const hash = createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  return { hash, parts };
}

/** What the last full build recorded, or undefined when none did. */
export function recordedHash(root) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, stampFile), 'utf8'));
    return typeof stamp.hash === 'string'
      ? { hash: stamp.hash, parts: stamp.parts ?? {} }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The source paths whose files differ from those the build recorded (all, if none was). */
export function changedSources(recorded, current) {
  return sourcePaths.filter((p) => recorded?.parts[p] !== current.parts[p]);
}

/** Records `sources` (by default the sources now) as what dist/ was built from. */
export function recordHash(root, sources = sourcesHash(root)) {
  if (sources === undefined) return;
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  const stamp = { ...sources, recorded: new Date().toISOString() };
  writeFileSync(path.join(root, stampFile), `${JSON.stringify(stamp, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const command = process.argv[2];
  if (command === 'record') recordHash(root);
  else if (command === 'check')
    process.exitCode = recordedHash(root)?.hash === sourcesHash(root)?.hash ? 0 : 1;
  else {
    console.error('Usage: node scripts/build-sources.mjs record|check');
    process.exitCode = 2;
  }
}
