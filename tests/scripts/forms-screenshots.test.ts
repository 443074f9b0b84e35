import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeScreenshots } from '../../scripts/forms-preview/screenshots';

const root = path.resolve(import.meta.dirname, '../..');

const git = (cwd: string, ...args: string[]) => {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
};

describe('forms:screenshots (real Chromium)', () => {
  let repo: string;

  beforeAll(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'forms-shots-'));
    cpSync(path.join(root, 'forms'), path.join(repo, 'forms'), { recursive: true });
    cpSync(path.join(root, 'schemas'), path.join(repo, 'schemas'), { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'forms');
    const file = path.join(repo, 'forms/education.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('"When do you plan to enroll?"', '"When will you start?"'),
    );
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('writes a full-page PNG of each changed page, and none of the others', async () => {
    const outDir = path.join(repo, 'artifacts/forms-screenshots');
    const files = await takeScreenshots({ repo, ref: 'HEAD', outDir });
    expect(files).toEqual([path.join(outDir, 'education.png')]);
    const png = readFileSync(files[0]!);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    // IHDR: the viewport's width, and the whole page's height (far more than one screen).
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBeGreaterThan(2000);
    expect(existsSync(path.join(outDir, 'about.png'))).toBe(false);
  }, 60_000);

  it('writes nothing when no page changed', async () => {
    const outDir = path.join(repo, 'none');
    git(repo, 'stash', '-q');
    try {
      expect(await takeScreenshots({ repo, ref: 'HEAD', outDir })).toEqual([]);
      expect(existsSync(outDir)).toBe(false);
    } finally {
      git(repo, 'stash', 'pop', '-q');
    }
  });
});
