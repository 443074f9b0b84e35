import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../playwright.config';
import { diffDefinitions } from '../../scripts/forms-diff/compare';
import {
  definitionsAtRef,
  definitionsInWorkingTree,
} from '../../scripts/forms-diff/definition-files';
import { readPages } from '../../scripts/forms-diff/read-pages';
import { takeBeforeAfter, type Screenshot } from '../../scripts/forms-screenshots/before-after';
import { branchAnswers, marksOf } from '../../scripts/forms-screenshots/marks';
import type { BranchSwitch } from '../../src/client/preview/preview-state';

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
    // A label reworded (on a question shown only for one major), a question removed and two
    // added, one an address block; applied_major stays as it was.
    edit('forms/study.json', '"label": "Main instrument"', '"label": "Your main instrument"');
    edit(
      'forms/study.json',
      '{ "type": "text", "key": "counselor_email", "label": "Counselor e-mail" }',
      '{ "type": "text", "key": "nickname", "label": "Nickname" },\n' +
        '{ "type": "address", "prefix": "home_", "label": "Home address" }',
    );
    shots = await takeBeforeAfter({ repo, ref: 'HEAD', outDir: path.join(repo, 'out') });
  }, 90_000);
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("writes before and after images of the changed page: the applicant's view, then the sheet", () => {
    const out = path.join(repo, 'out');
    expect(shots.map((s) => [s.page, s.view, s.side, s.file])).toEqual([
      ['study', 'applicant', 'before', path.join(out, 'study-before.png')],
      ['study', 'applicant', 'after', path.join(out, 'study-after.png')],
      ['study', 'sheet', 'before', path.join(out, 'study-sheet-before.png')],
      ['study', 'sheet', 'after', path.join(out, 'study-sheet-after.png')],
    ]);
    for (const { file } of shots) {
      const png = readFileSync(file);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
      expect(png.readUInt32BE(16)).toBe(1280); // IHDR width: the viewport's
    }
  });

  it('outlines the changed questions in both views: removed ones before, added ones after', async () => {
    const homeKeys = (s: Screenshot) => s.marked.filter((k) => k.startsWith('home_'));
    for (const shot of shots) {
      // The instrument question shows only for one major: the switches were set to show it.
      expect(shot.unmarked).toEqual([]);
      expect(shot.marked).toContain('instrument');
      if (shot.side === 'before') {
        expect(shot.marked).toContain('counselor_email');
        expect(homeKeys(shot)).toEqual([]);
      } else {
        expect(shot.marked).toContain('nickname');
        expect(homeKeys(shot).length).toBeGreaterThan(1);
      }
    }
    // The outline is drawn in the images: the questions' borders and badges in red.
    for (const shot of shots.filter((s) => s.side === 'after'))
      expect(await redPixels(shot.file)).toBeGreaterThan(2000);
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

describe("forms:screenshots' marks (fixture definitions)", () => {
  let repo: string;
  beforeAll(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'forms-marks-'));
    cpSync(fixture, repo, { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'forms');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  const changedMarks = (from: string, to: string) => {
    const file = path.join(repo, 'forms/study.json');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(from);
    writeFileSync(file, text.replace(from, to));
    try {
      const after = definitionsInWorkingTree(repo);
      const report = diffDefinitions(definitionsAtRef(repo, 'HEAD'), after);
      const changes = report.pages.find((p) => p.id === 'study')?.changes ?? [];
      return { marks: marksOf(after, 'study', changes), page: readPages(after).get('study')! };
    } finally {
      writeFileSync(file, text);
    }
  };
  const counselor = '{ "type": "text", "key": "counselor_email", "label": "Counselor e-mail" }';

  it("marks an address block once, by the block's own element, with its changed parts", () => {
    const { marks } = changedMarks(
      counselor,
      `${counselor}, { "type": "address", "prefix": "home_", "label": "Home address" }`,
    );
    expect(marks).toHaveLength(1);
    expect(marks[0]!.ids[0]).toBe('home_address');
    expect(marks[0]!.note).toBe('added');
    expect(marks[0]!.keys.length).toBeGreaterThan(1);
    expect(marks[0]!.keys.every((k) => k.startsWith('home_'))).toBe(true);
  });

  it('sets the switches a hidden changed question needs, and only those', () => {
    const { marks, page } = changedMarks('"label": "Main instrument"', '"label": "Instrument"');
    expect(marks.map((m) => [m.keys, m.ids])).toEqual([[['instrument'], ['instrument']]]);
    const major: BranchSwitch = {
      key: 'applied_major',
      values: ['HIS', 'MUS', 'BIO'].map((value) => ({ value, label: value })),
    };
    const target = page.definition.sections[0]!.questions[1]!;
    expect(target).toMatchObject({ key: 'instrument' });
    // The value is the condition's own target, read from the definition.
    const wanted = (target as { condition: { target: string } }).condition.target;
    expect(branchAnswers(page.definition, marks, [major])).toEqual({ applied_major: wanted });
    // With no switch for the answer the condition reads, nothing can be set.
    expect(branchAnswers(page.definition, marks, [])).toEqual({});
  });
});
