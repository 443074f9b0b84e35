import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A project as small as can be, with the real run-built.mjs and build-sources.mjs: its build
 * compiles src/message.txt (and forms/page.json) into dist/server/main.js, which prints them, and
 * counts its runs, so a test sees both what is served and whether a build ran.
 */
const buildScript = `
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
const message = readFileSync('src/message.txt', 'utf8').trim();
if (message === 'syntax error') { console.error('src/message.txt: cannot compile'); process.exit(1); }
const form = readFileSync('forms/page.json', 'utf8').trim();
mkdirSync('dist/server', { recursive: true });
writeFileSync('dist/server/main.js', 'console.log(' + JSON.stringify(message + ' ' + form) + ');\\n');
appendFileSync('builds.log', 'built\\n');
console.log('vite: 42 modules transformed (the build talks)');
`;

describe('npm start serves what is checked out (scripts/run-built.mjs)', () => {
  let project: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  };
  const start = () =>
    spawnSync(process.execPath, ['scripts/run-built.mjs', 'server/main'], {
      cwd: project,
      encoding: 'utf8',
    });
  const builds = () =>
    existsSync(path.join(project, 'builds.log'))
      ? readFileSync(path.join(project, 'builds.log'), 'utf8').split('\n').filter(Boolean).length
      : 0;

  beforeEach(() => {
    project = mkdtempSync(path.join(tmpdir(), 'run-built-'));
    for (const file of ['scripts/run-built.mjs', 'scripts/build-sources.mjs']) {
      mkdirSync(path.join(project, 'scripts'), { recursive: true });
      copyFileSync(path.join(root, file), path.join(project, file));
    }
    write(
      'package.json',
      JSON.stringify({
        type: 'module',
        scripts: { build: 'node build.mjs', postbuild: 'node scripts/build-sources.mjs record' },
      }),
    );
    write('build.mjs', buildScript);
    write('src/message.txt', 'first');
    write('forms/page.json', '{"label":"A"}');
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('builds a fresh clone first, with one line saying so, then serves it as built', () => {
    const first = start();
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(
      'No build yet: rebuilding with npm run build first (about a minute)…\nfirst {"label":"A"}\n',
    );
    expect(builds()).toBe(1);
    const again = start();
    expect(again.stdout).toBe('first {"label":"A"}\n');
    expect(builds()).toBe(1);
  });

  it('rebuilds after an edit to the code or to a form, naming what changed', () => {
    start();
    write('src/message.txt', 'second');
    const code = start();
    expect(code.stdout).toBe(
      'The build in dist/ is older than the checked-out src/: rebuilding with npm run build first (about a minute)…\nsecond {"label":"A"}\n',
    );
    write('forms/page.json', '{"label":"B"}');
    const form = start();
    expect(form.stdout.split('\n')[0]).toBe(
      'The build in dist/ is older than the checked-out forms/: rebuilding with npm run build first (about a minute)…',
    );
    expect(form.stdout).toContain('second {"label":"B"}');
    expect(builds()).toBe(3);
  });

  it('compares contents, not dates: a touched file or an older build time changes nothing', () => {
    start();
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(path.join(project, 'src/message.txt'), future, future);
    const past = new Date('2001-01-01T00:00:00Z');
    utimesSync(path.join(project, 'dist/server/main.js'), past, past);
    expect(start().stdout).toBe('first {"label":"A"}\n');
    expect(builds()).toBe(1);
  });

  it('trusts a build made with npm run build, which records its sources', () => {
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: project, encoding: 'utf8' });
    expect(build.status).toBe(0);
    expect(
      JSON.parse(readFileSync(path.join(project, 'dist/build-sources.json'), 'utf8')).hash,
    ).toMatch(/^[0-9a-f]{64}$/);
    expect(start().stdout).toBe('first {"label":"A"}\n');
    expect(builds()).toBe(1);
  });

  it('shows a failing build and starts nothing', () => {
    start();
    write('src/message.txt', 'syntax error');
    const run = start();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('src/message.txt: cannot compile');
    expect(run.stderr).toContain('npm run build failed (exit 1); server/main was not started.');
    expect(run.stdout).not.toContain('first {');
  });

  it('runs the build as it is where there are no sources (the production image)', () => {
    start();
    write('forms/page.json', '{"label":"edited in the image"}');
    rmSync(path.join(project, 'src'), { recursive: true });
    rmSync(path.join(project, 'scripts/build-sources.mjs'));
    const run = start();
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('first {"label":"A"}\n');
    expect(builds()).toBe(1);
  });
});
