// `npm start`, `npm run worker`, `npm run migrate`…: runs a compiled program from dist/ with plain
// Node, first rebuilding dist/ whenever it was not built from the files checked out now (a fresh
// clone, a pull, an edit to a form or to the code), compared by content (build-sources.mjs), so
// what starts is what is checked out. Plain JavaScript on purpose: it must run before anything is
// compiled, and in the production image, where tsx is not installed and there are no sources.
//
//   node scripts/run-built.mjs server/main [args…]    runs dist/server/main.js
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];
if (!name || !/^[\w/-]+$/.test(name)) {
  console.error(
    'Usage: node scripts/run-built.mjs <program under dist/, e.g. server/main> [args…]',
  );
  process.exit(2);
}
const program = path.join(root, 'dist', `${name}.js`);

// The production image holds dist/ and this file, not the sources nor build-sources.mjs.
const sources = existsSync(path.join(root, 'src'))
  ? await import('./build-sources.mjs')
  : undefined;

/** Why dist/ must be rebuilt before `program` runs, in one line, or undefined when it need not. */
function staleness({ changedSources, recordedHash }, current) {
  const recorded = recordedHash(root);
  if (!recorded)
    return existsSync(path.join(root, 'dist'))
      ? 'dist/ does not say which sources it was built from'
      : 'No build yet';
  if (recorded.hash !== current.hash) {
    const changed = changedSources(recorded, current).map((p) => (p.includes('.') ? p : `${p}/`));
    return `The build in dist/ is older than the checked-out ${changed.join(', ')}`;
  }
  if (!existsSync(program)) return `dist/${name}.js is missing`;
  return undefined;
}

const current = sources?.sourcesHash(root);
const why = sources && current && staleness(sources, current);
if (why) {
  console.log(`${why}: rebuilding with npm run build first (about a minute)…`);
  // Quiet unless it fails: the line above is all a passing build says.
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(`npm run build failed (exit ${build.status}); ${name} was not started.`);
    process.exit(1);
  }
  // What the build was started from, should a file have been saved while it ran.
  sources.recordHash(root, current);
}
if (!existsSync(program)) {
  console.error(
    `dist/${name}.js is not a program npm run build makes (see serverEntries in scripts/build-server.ts).`,
  );
  process.exit(2);
}

// The program sees its own arguments, as if it had been started directly.
process.argv.splice(1, 2, program);
await import(pathToFileURL(program).href);
