/**
 * A second e2e server built from an edited copy of the forms (tests/fixtures/edited-forms.ts), as
 * after a deploy of new definitions: the copy is a whole application root (its own forms/,
 * schemas/ and dist/, the repository's node_modules and data/ linked), started on the same
 * DATA_DIR as the first, so it finds the applicants and drafts the first one stored.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PageDefinition } from '../../src/engine/definitions';
import { editDataModel, editPages, edits } from '../fixtures/edited-forms';

const run = promisify(execFile);
const root = process.cwd();

export interface EditedFormsServer {
  base: string;
  /** Stops the server (by its pid) and removes the copy. */
  close(): Promise<void>;
}

/** Copies the application with the edited forms and builds it as production does. */
async function buildEditedCopy(): Promise<string> {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'edited-forms-'));
  for (const entry of ['src', 'scripts', 'forms', 'schemas', 'index.html', 'vite.config.ts']) {
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  for (const entry of ['package.json', 'tsconfig.json']) {
    cpSync(path.join(root, entry), path.join(copy, entry));
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  symlinkSync(path.join(root, 'data'), path.join(copy, 'data'));

  const json = (file: string) => JSON.parse(readFileSync(path.join(copy, file), 'utf8')) as object;
  const write = (file: string, value: unknown) =>
    writeFileSync(path.join(copy, file), `${JSON.stringify(value, null, 2)}\n`);
  const pageFiles = ['forms/about.json', 'forms/education.json', 'forms/final-steps.json'];
  const pages = editPages(pageFiles.map((file) => json(file) as PageDefinition));
  pageFiles.forEach((file, i) => write(file, pages[i]));
  write('forms/site.json', { ...json('forms/site.json'), version: edits.label });
  const model = 'schemas/answers.schema.json';
  write(model, editDataModel(json(model) as { properties: Record<string, unknown> }));

  const env = { ...process.env, NODE_ENV: 'production', BUILD_ID: 'edited-forms' };
  await run('npm', ['run', '-s', 'build'], { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 });
  return copy;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the edited server exited (${child.exitCode})`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the edited server did not become healthy in 60 s');
}

/** Builds the edited copy and starts it on a free port over `dataDir`. */
export async function startEditedFormsServer(dataDir: string): Promise<EditedFormsServer> {
  const copy = await buildEditedCopy();
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(copy, 'dist/server/main.js')], {
    cwd: copy,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve(root, dataDir),
      NODE_ENV: 'test',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(copy, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, child);
  } catch (err) {
    await close();
    throw err;
  }
  return { base, close };
}
