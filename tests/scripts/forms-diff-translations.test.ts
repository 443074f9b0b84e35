/**
 * forms:diff on the Spanish translations (issue 40): a changed translation is listed, and so is
 * one left stale by a change of its English.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translationTexts } from '../../scripts/forms-check/translation-checks';
import { diffDefinitions } from '../../scripts/forms-diff/compare';
import {
  definitionsAtRef,
  definitionsInWorkingTree,
} from '../../scripts/forms-diff/definition-files';
import type { PageDefinition } from '../../src/engine/definitions';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(root, 'tests/fixtures/forms-diff');

const git = (cwd: string, ...args: string[]) => {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
};

type Tree = Record<string, unknown>;

describe('forms:diff on translations', () => {
  let repo: string;
  const file = (name: string) => path.join(repo, name);
  const read = <T>(name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as T;
  const write = (name: string, value: unknown) =>
    writeFileSync(file(name), JSON.stringify(value, null, 2) + '\n');
  const changes = () =>
    diffDefinitions(definitionsAtRef(repo, 'HEAD'), definitionsInWorkingTree(repo))
      .pages.filter((p) => p.id === 'es/study.json')
      .flatMap((p) => p.changes);
  let label: string;

  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'forms-diff-es-'));
    cpSync(fixture, repo, { recursive: true });
    // A complete translation of the fixture page, made from its English.
    const page = read<PageDefinition>('forms/study.json');
    const texts = translationTexts('study.json', page, (name) => read(`schemas/${name}`));
    const tree: Tree = {};
    for (const text of texts) {
      let node = tree;
      for (const id of text.path.slice(0, -1)) node = (node[id] ??= {}) as Tree;
      node[text.path.at(-1)!] = { en: text.text, es: `ES ${text.text}` };
    }
    mkdirSync(file('forms/es'));
    write('forms/es/study.json', tree);
    label = (page.sections[0]!.questions[0] as { label: string }).label;
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'forms');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('lists nothing when neither the English nor the Spanish changed', () => {
    expect(changes()).toEqual([]);
  });

  it('lists a changed Spanish text, on its line', () => {
    const page = read<PageDefinition>('forms/study.json');
    const key = (page.sections[0]!.questions[0] as { key: string }).key;
    const translation = read<{ questions: Record<string, { label: { es: string } }> }>(
      'forms/es/study.json',
    );
    translation.questions[key]!.label.es = 'Nueva etiqueta';
    write('forms/es/study.json', translation);
    const lines = readFileSync(file('forms/es/study.json'), 'utf8').split('\n');
    const question = lines.findIndex((l) => l.includes(`"${key}": {`));
    const line = lines.findIndex((l, i) => i > question && l.includes('"label"')) + 1;
    expect(question).toBeGreaterThan(0);
    expect(changes()).toEqual([
      expect.objectContaining({
        kind: 'translation',
        text: `Spanish of questions › ${key} › label: "ES ${label}" → "Nueva etiqueta"`,
        file: 'forms/es/study.json',
        line,
      }),
    ]);
  });

  it('lists a translation left stale by a change of its English', () => {
    const page = read<PageDefinition>('forms/study.json');
    const question = page.sections[0]!.questions[0] as { key: string; label: string };
    question.label = `${label} (new)`;
    write('forms/study.json', page);
    expect(changes().map((c) => c.text)).toEqual([
      `left stale: the English of questions › ${question.key} › label is now "${label} (new)"; its Spanish "ES ${label}" was made from "${label}"`,
    ]);
  });
});
