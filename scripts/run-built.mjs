// `npm start`, `npm run worker`, `npm run migrate`…: runs a compiled program from dist/ with plain
// Node, building first whatever a fresh clone is missing (validators, client bundle, server
// bundle) so the README's quick start holds. Plain JavaScript on purpose: it must run before
// anything is compiled, and in the production image, where tsx is not installed.
//
//   node scripts/run-built.mjs server/main [args…]    runs dist/server/main.js
import { execSync } from 'node:child_process';
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
const missing = (file) => !existsSync(path.join(root, file));
const run = (script, why) => {
  console.log(`${why}: running npm run ${script} once…`);
  execSync(`npm run -s ${script}`, { cwd: root, stdio: 'inherit' });
};

if (missing('src/generated/validators.js')) run('validators', 'No compiled validators yet');
if (missing('dist/client/index.html')) run('build:client', 'No client bundle yet');
if (!existsSync(program)) run('build:server', 'No server bundle yet');
if (!existsSync(program)) {
  console.error(
    `dist/${name}.js is not a program npm run build:server makes (scripts/build-server.ts).`,
  );
  process.exit(2);
}

// The program sees its own arguments, as if it had been started directly.
process.argv.splice(1, 2, program);
await import(pathToFileURL(program).href);
