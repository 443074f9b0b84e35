/**
 * `npm run build:server` (part of `npm run build`): compiles the server and the operators'
 * scripts into plain JavaScript under dist/, so production runs `node dist/…` and tsx stays a
 * development tool. Dependencies stay in node_modules (`packages: 'external'`); our own code, the
 * engine and the generated validators are bundled. Modules that read the repository's files find
 * it through src/server/app-root.ts, which does not depend on how deep the bundle sits.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every program production runs: source file → output under dist/ (without .js). A new script
 * that must run compiled is one line here, and its npm script is
 * `node scripts/run-built.mjs scripts/<name>`.
 */
export const serverEntries: ReadonlyArray<{ in: string; out: string }> = [
  { in: 'src/server/main.ts', out: 'server/main' },
  { in: 'src/server/worker.ts', out: 'server/worker' },
  // Loaded by conversion/isolation.ts from beside the bundle that starts it (main.js, worker.js).
  { in: 'src/server/conversion/conversion-worker.ts', out: 'server/conversion-worker' },
  { in: 'scripts/migrate.ts', out: 'scripts/migrate' },
  { in: 'scripts/service-link.ts', out: 'scripts/service-link' },
  { in: 'scripts/staff.ts', out: 'scripts/staff' },
  { in: 'scripts/applicant.ts', out: 'scripts/applicant' },
  { in: 'scripts/create-bucket.ts', out: 'scripts/create-bucket' },
  { in: 'scripts/backup.ts', out: 'scripts/backup' },
  { in: 'scripts/restore.ts', out: 'scripts/restore' },
  { in: 'scripts/purge.ts', out: 'scripts/purge' },
];

async function main(): Promise<void> {
  const started = Date.now();
  for (const dir of ['server', 'scripts']) {
    rmSync(path.join(root, 'dist', dir), { recursive: true, force: true });
  }
  const result = await build({
    absWorkingDir: root,
    entryPoints: serverEntries.map((entry) => ({ ...entry })),
    outdir: 'dist',
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    // NODE_OPTIONS=--enable-source-maps makes stack traces name the .ts files; without it they
    // name lines of the (unminified, readable) bundle.
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
  console.log(
    `server: compiled ${outputs.length} programs into dist/ (${outputs.join(', ')}) in ${Date.now() - started} ms`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
