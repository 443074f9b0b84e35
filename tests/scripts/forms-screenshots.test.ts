import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../playwright.config';
import { takeBeforeAfter, type Screenshot } from '../../scripts/forms-screenshots/before-after';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(root, 'tests/fixtures/forms-diff');

const git = (cwd: string, ...args: string[]) => {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
};

/** The PNG's pixels of the outline's red (#d4351c), counted by Chromium from the file itself. */
async function redPixels(file: string): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const data = `data:image/png;base64,${readFileSync(file).toString('base64')}`;
    return await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const { data: rgba } = context.getImageData(0, 0, img.width, img.height);
      let n = 0;
      for (let i = 0; i < rgba.length; i += 4)
        if (rgba[i] === 0xd4 && rgba[i + 1] === 0x35 && rgba[i + 2] === 0x1c) n++;
      return n;
    }, data);
  } finally {
    await browser.close();
  }
}

describe('forms:screenshots (real Chromium, fixture definitions)', () => {
  let repo: string;
  let shots: Screenshot[];
  const edit = (file: string, from: string, to: string) => {
    const text = readFileSync(path.join(repo, file), 'utf8');
    expect(text).toContain(from);
    writeFileSync(path.join(repo, file), text.replace(from, to));
  };

  beforeAll(async () => {
    repo = mkdtempSync(path.join(tmpdir(), 'forms-shots-'));
    cpSync(fixture, repo, { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'forms');
    // A label reworded, a question removed and one added; applied_major stays as it was.
    edit('forms/study.json', '"label": "Main instrument"', '"label": "Your main instrument"');
    edit(
      'forms/study.json',
      '{ "type": "text", "key": "counselor_email", "label": "Counselor e-mail" }',
      '{ "type": "text", "key": "nickname", "label": "Nickname" }',
    );
    shots = await takeBeforeAfter({ repo, ref: 'HEAD', outDir: path.join(repo, 'out') });
  }, 90_000);
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('writes a before and an after image of the changed page', () => {
    const out = path.join(repo, 'out');
    expect(shots.map((s) => [s.page, s.side, s.file])).toEqual([
      ['study', 'before', path.join(out, 'study-before.png')],
      ['study', 'after', path.join(out, 'study-after.png')],
    ]);
    for (const { file } of shots) {
      const png = readFileSync(file);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
      expect(png.readUInt32BE(16)).toBe(1280); // IHDR width: the viewport's
    }
  });

  it('outlines the changed questions: removed ones before, added ones after', async () => {
    const [before, after] = shots;
    expect(before).toMatchObject({ marked: ['counselor_email', 'instrument'], unmarked: [] });
    expect(after).toMatchObject({ marked: ['nickname', 'instrument'], unmarked: [] });
    // The outline is drawn in the image: two questions' borders and badges in red.
    expect(await redPixels(after!.file)).toBeGreaterThan(2000);
  }, 60_000);

  it('writes nothing when no page changed', async () => {
    const clean = mkdtempSync(path.join(tmpdir(), 'forms-shots-clean-'));
    try {
      cpSync(fixture, clean, { recursive: true });
      git(clean, 'init', '-q');
      git(clean, 'add', '.');
      git(clean, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'f');
      const outDir = path.join(clean, 'out');
      expect(await takeBeforeAfter({ repo: clean, ref: 'HEAD', outDir })).toEqual([]);
      expect(existsSync(outDir)).toBe(false);
    } finally {
      rmSync(clean, { recursive: true, force: true });
    }
  });
});
