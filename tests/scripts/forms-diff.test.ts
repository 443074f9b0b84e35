import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffDefinitions, type DiffReport } from '../../scripts/forms-diff/compare';
import {
  DefinitionsError,
  definitionsAtRef,
  definitionsInWorkingTree,
} from '../../scripts/forms-diff/definition-files';
import { formatMarkdown, formatText } from '../../scripts/forms-diff/report-formats';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(root, 'tests/fixtures/forms-diff');
const today = new Date('2026-11-25T12:00:00');

const git = (cwd: string, ...args: string[]) => {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
};

/** Runs the CLI in another folder, as CI runs it at the top of its checkout. */
const formsDiff = (cwd: string, ...args: string[]) =>
  spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), path.join(root, 'scripts/forms-diff.ts'), ...args],
    { cwd, encoding: 'utf8' },
  );

interface Question {
  key: string;
  label: string;
  options?: Array<{ value: string; label: string }>;
  condition?: unknown;
  [more: string]: unknown;
}
interface Page {
  sections: Array<{ questions: Question[] }>;
}
interface Schema {
  properties: Record<string, Record<string, unknown>>;
  allOf: Array<{ then: { errorMessage: { required: Record<string, string> } } }>;
}

describe('forms:diff on fixture definitions in a git repository', () => {
  let repo: string;
  const file = (name: string) => path.join(repo, name);
  const read = <T>(name: string) => JSON.parse(readFileSync(file(name), 'utf8')) as T;
  const write = (name: string, value: unknown) =>
    writeFileSync(file(name), JSON.stringify(value, null, 2) + '\n');
  const editPage = (edit: (questions: Question[]) => void) => {
    const page = read<Page>('forms/study.json');
    edit(page.sections[0]!.questions);
    write('forms/study.json', page);
  };
  const editSchema = (edit: (schema: Schema) => void) => {
    const schema = read<Schema>('schemas/study.schema.json');
    edit(schema);
    write('schemas/study.schema.json', schema);
  };
  const report = (): DiffReport =>
    diffDefinitions(definitionsAtRef(repo, 'HEAD'), definitionsInWorkingTree(repo), today);
  const changes = () => report().pages.flatMap((p) => p.changes);
  /** The line (from 1) of the first line of a file holding `text`, after line `from`. */
  const lineOf = (name: string, text: string, from = 0) =>
    readFileSync(file(name), 'utf8')
      .split('\n')
      .findIndex((l, i) => i >= from && l.includes(text)) + 1;

  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'forms-diff-'));
    cpSync(fixture, repo, { recursive: true });
    // Committed as an author's editor would save them, so line numbers follow the edits below.
    write('forms/study.json', read('forms/study.json'));
    write('schemas/study.schema.json', read('schemas/study.schema.json'));
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'forms');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('shows a 150-character message whole, in the text and in the Markdown summary', () => {
    const message =
      "Please enter your school counselor's e-mail address, for example name@school.org, so " +
      'that we can ask for your transcript and recommendation.';
    expect(message).toHaveLength(140);
    const long = `${message} Thank you`;
    expect(long).toHaveLength(150);
    editSchema((s) => (s.properties.counselor_email!.errorMessage = long));
    const [change] = changes();
    expect(change).toMatchObject({ kind: 'message', key: 'counselor_email', affected: 'no' });
    expect(change!.text).toContain(`→ "${long}"`);
    expect(formatText(report())).toContain(long);
    expect(formatMarkdown(report())).toContain(long);
    const run = formsDiff(repo, 'HEAD', '--format', 'markdown');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(long);
  });

  it('annotates a schema-only change on the changed line of the schema', () => {
    editSchema((s) => (s.properties.instrument!.maxLength = 40));
    const run = formsDiff(repo, 'HEAD', '--format', 'github');
    expect(run.status).toBe(0);
    const line = lineOf('schemas/study.schema.json', '"maxLength": 40');
    expect(line).toBeGreaterThan(0);
    expect(run.stdout).toContain(
      `::warning file=schemas/study.schema.json,line=${line},col=7,title=forms%3Adiff study::instrument "Main instrument": rules added: maxLength 40 — drafts affected: drafts whose answer the rule now refuses are stopped at Submit`,
    );
    expect(run.stdout).not.toContain('file=forms/study.json');
  });

  it('tells a message under a schema condition with the condition in words, on its line', () => {
    editSchema((s) => (s.allOf[0]!.then.errorMessage.required.instrument = 'Which instrument?'));
    const [change] = changes();
    expect(change).toMatchObject({
      kind: 'message',
      key: 'instrument',
      text: 'message for required (when Intended major is Music (MUS)): "Please name your main instrument." → "Which instrument?"',
      file: 'schemas/study.schema.json',
      line: lineOf('schemas/study.schema.json', '"Which instrument?"'),
    });
  });

  it('names a removed option by its label and code, on the line where it was', () => {
    // Each option is saved over four lines: its brace, value, label and closing brace.
    const before = lineOf('forms/study.json', '"HIS"') - 1;
    editPage((q) => q[0]!.options!.splice(1, 1));
    const [change] = changes();
    expect(change).toMatchObject({
      kind: 'options',
      key: 'applied_major',
      text: 'option History (HIS) removed',
      affected: 'some',
      drafts: 'drafts that chose History (HIS)',
      file: 'forms/study.json',
      // The option that now holds its place, on the line the removed one had.
      line: before,
    });
    expect(lineOf('forms/study.json', '"BIO"') - 1).toBe(before);
  });

  it('tells a changed condition with its values in words', () => {
    editPage((q) => {
      q[1]!.condition = { valueKey: 'applied_major', operator: 'in', target: ['MUS', 'BIO'] };
    });
    const [change] = changes();
    expect(change).toMatchObject({
      kind: 'condition',
      key: 'instrument',
      text: 'shown when Intended major is Music (MUS) → shown when Intended major is one of Music (MUS), Biology (BIO)',
      affected: 'some',
      line: lineOf('forms/study.json', '"condition"'),
    });
  });

  it('says no draft is affected by a new optional question or its rules', () => {
    editPage((q) => q.unshift({ type: 'text', key: 'nickname', label: 'Nickname' }));
    editSchema((s) => {
      s.properties.nickname = { type: 'string', maxLength: 30, errorMessage: 'Too long.' };
    });
    const all = changes();
    expect(all.map((c) => [c.kind, c.key, c.affected])).toEqual([
      ['added', 'nickname', 'no'],
      ['rule', 'nickname', 'no'],
      ['message', 'nickname', 'no'],
    ]);
    expect(all[1]!.drafts).toBe('no: a new question, no draft has answered it');
    const run = formsDiff(repo, 'HEAD', '--format', 'github');
    expect(run.stdout).not.toContain('::warning');
    expect(formatText(report())).not.toContain('drafts affected');
  });

  it('tells a required question added and one removed, the removed one on its section', () => {
    editPage((q) => {
      q.splice(2, 1); // counselor_email
      q.unshift({ type: 'text', key: 'pronouns', label: 'Pronouns', required: true });
    });
    const all = changes();
    expect(all.map((c) => [c.kind, c.key, c.text, c.affected])).toEqual([
      ['added', 'pronouns', 'added (required, always shown)', 'yes'],
      ['removed', 'counselor_email', 'removed', 'some'],
    ]);
    expect(all[0]!.drafts).toBe('every draft must answer it');
    const sections = lineOf('forms/study.json', '"sections"');
    expect(all[1]!.line).toBe(lineOf('forms/study.json', '"id": "study"', sections) - 1);
  });

  it('still warns about a rule added to a question drafts may have answered', () => {
    editSchema((s) => (s.properties.counselor_email!.maxLength = 60));
    expect(changes().map((c) => [c.kind, c.key, c.affected])).toEqual([
      ['rule', 'counselor_email', 'some'],
    ]);
  });

  it('exits 2 on a ref git does not know, and 3 on a definition that is not JSON', () => {
    expect(() => definitionsAtRef(repo, 'no-such-branch')).toThrow(DefinitionsError);
    const usage = formsDiff(repo);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('give one git ref');
    const bad = formsDiff(repo, 'no-such-branch');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('"no-such-branch" is not a commit');
    const text = readFileSync(file('forms/study.json'), 'utf8');
    writeFileSync(file('forms/study.json'), text.replace('"id": "study",', '"id": "study"'));
    const invalid = formsDiff(repo, 'HEAD');
    expect(invalid.status).toBe(3);
    expect(invalid.stderr).toContain(
      'forms:diff: forms/study.json:4:3 (working tree) is not valid JSON (CommaExpected)',
    );
  });
});

describe("forms:diff on the repository's own history", () => {
  const commit = (sha: string) =>
    diffDefinitions(definitionsAtRef(root, `${sha}^`), definitionsAtRef(root, sha), today);
  /** The changes as [kind, key, affected, file] rows: the texts are the shipped forms'. */
  const rows = (report: DiffReport) =>
    report.pages.flatMap((p) => p.changes.map((c) => [c.kind, c.key, c.affected, c.file]));

  it('5f68006 (phone rule): the page conditions on the page, the rules on the schema', () => {
    const report = commit('5f68006');
    expect(report.pages.map((p) => p.id)).toEqual(['about']);
    expect(rows(report)).toEqual([
      ['required', 'phone_home', 'some', 'forms/about.json'],
      ['required', 'phone_mobile', 'some', 'forms/about.json'],
      ['rule', 'phone_home', 'some', 'schemas/about.schema.json'],
      ['message', 'phone_home', 'no', 'schemas/about.schema.json'],
      ['rule', 'phone_mobile', 'no', 'schemas/about.schema.json'],
      ['rule', 'phone_mobile', 'no', 'schemas/about.schema.json'],
      ['rule', 'phone_mobile', 'some', 'schemas/about.schema.json'],
      ['message', 'phone_mobile', 'no', 'schemas/about.schema.json'],
      ['message', 'phone_mobile', 'no', 'schemas/about.schema.json'],
      ['message', 'phone_mobile', 'no', 'schemas/about.schema.json'],
    ]);
    // Every condition is told in words: no key is left bare.
    for (const c of report.pages[0]!.changes) expect(c.text).not.toMatch(/\b(if|when) phone_/);
  });

  it('8739d24 (e-mail pattern): the account schemas, which hold no drafts', () => {
    const report = commit('8739d24');
    expect(report.pages).toHaveLength(6);
    for (const page of report.pages) {
      expect(page.changes).toHaveLength(1);
      expect(page.changes[0]).toMatchObject({ kind: 'rule', key: 'username', affected: 'no' });
      expect(page.changes[0]!.file).toBe(`schemas/${page.id}`);
    }
  });
});
