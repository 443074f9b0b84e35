/**
 * The product serving the neutral page: a copy of the application in dist/bench/sixty-fields/app,
 * with the fixture's definition, Spanish and schemas in place of the About page's, checked by forms:check
 * and built for production as `npm run build:client` builds it; then its real server started
 * there, in production mode, as a child process. forms/ and schemas/ of the repository are never
 * touched. The copy is of the last commit (HEAD), so a figure names the code it measured whatever
 * is being edited meanwhile; BENCH_SOURCES=worktree copies the working tree instead.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLiveServer, type LiveServer } from '../../tests/helpers/live-server';
import type { PageSpec } from './page-spec';
import { fixtureTranslation } from './fixture-translation';
import { fixtureDataModel, fixtureDefinition, fixtureSchema } from './product-fixture';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const copyDir = path.join(root, 'dist/bench/sixty-fields/app');

/** What the build and the server read; node_modules and the lookup data are linked, not copied. */
const copied = ['src', 'scripts', 'forms', 'schemas', 'index.html', 'vite.config.ts'];
const copiedFiles = ['package.json', 'tsconfig.json'];
const linked = ['node_modules', 'data'];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(command, args, {
    cwd: copyDir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed in ${copyDir}:\n${result.stdout}${result.stderr}`,
    );
  return result.stdout;
}

const writeJson = (file: string, value: unknown) =>
  writeFileSync(path.join(copyDir, file), `${JSON.stringify(value, null, 2)}\n`);

/** The sources measured: the commit's short hash, with "+ working tree" when copied from it. */
function sourcesMeasured(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const commit = head.stdout.trim() || 'unknown commit';
  return fromWorktree ? `${commit} + working tree` : commit;
}

const fromWorktree = process.env.BENCH_SOURCES === 'worktree';

/** The application's sources into the copy: HEAD's (git archive), or the working tree's. */
function copySources(): void {
  const names = [...copied, ...copiedFiles];
  if (!fromWorktree) {
    const archive = spawnSync('git', ['archive', '--format=tar', 'HEAD', ...names], {
      cwd: root,
      maxBuffer: 1 << 30,
    });
    if (archive.status !== 0) throw new Error(`git archive failed: ${String(archive.stderr)}`);
    const untar = spawnSync('tar', ['-x', '-C', copyDir], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar failed: ${String(untar.stderr)}`);
    return;
  }
  for (const name of names)
    cpSync(path.join(root, name), path.join(copyDir, name), {
      recursive: true,
      // The copy builds its own validators from the fixture's schemas.
      filter: (from) => !from.includes(`${path.sep}src${path.sep}generated`),
    });
}

/**
 * Copies the application, puts the fixture in place, checks it and builds the client; returns
 * the built client's folder and the sources it was built from.
 */
export function buildProductCopy(spec: PageSpec): { dir: string; sources: string } {
  rmSync(copyDir, { recursive: true, force: true });
  mkdirSync(copyDir, { recursive: true });
  const sources = sourcesMeasured();
  copySources();
  for (const name of linked) symlinkSync(path.join(root, name), path.join(copyDir, name));
  const model = JSON.parse(readFileSync(path.join(root, 'schemas/answers.schema.json'), 'utf8'));
  const definition = fixtureDefinition(spec);
  const schema = fixtureSchema(spec);
  writeJson('forms/about.json', definition);
  writeJson('forms/es/about.json', fixtureTranslation(definition, schema));
  writeJson('schemas/about.schema.json', schema);
  writeJson('schemas/answers.schema.json', fixtureDataModel(model, spec));
  run('npx', ['tsx', 'scripts/check-forms.ts']);
  run('npx', ['tsx', 'scripts/build-validators.ts']);
  run('npx', ['vite', 'build', '--logLevel', 'error'], { NODE_ENV: 'production' });
  run('npx', ['tsx', 'scripts/precompress.ts', 'dist/client']);
  return { dir: path.join(copyDir, 'dist/client'), sources };
}

/**
 * The copy's server: src/server/main.ts of the copy, started as tests/helpers/live-server.ts
 * starts the repository's (a free port, its own data folder, rate limits out of the way).
 */
export function startCopyServer(): Promise<LiveServer> {
  return startLiveServer({ cwd: copyDir });
}
