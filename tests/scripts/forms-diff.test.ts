import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffDefinitions, type Change, type DiffReport } from '../../scripts/forms-diff/compare';
import {
  DefinitionsError,
  definitionsAtRef,
  definitionsInWorkingTree,
} from '../../scripts/forms-diff/definition-files';
import { formatMarkdown } from '../../scripts/forms-diff/report-formats';

const root = path.resolve(import.meta.dirname, '../..');
const today = new Date('2026-11-25T12:00:00');

const git = (cwd: string, ...args: string[]) => {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
};

/** The changes of a page, as [kind, key, text, affected] rows. */
const rows = (report: DiffReport, page: string) =>
  (report.pages.find((p) => p.id === page)?.changes ?? []).map((c: Change) => [
    c.kind,
    c.key,
    c.text,
    c.affected,
  ]);

/** Runs the CLI in another folder, as CI runs it at the top of its checkout. */
const formsDiff = (cwd: string, ...args: string[]) =>
  spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), path.join(root, 'scripts/forms-diff.ts'), ...args],
    { cwd, encoding: 'utf8' },
  );

describe('forms:diff on an edited copy of the forms', () => {
  let repo: string;
  const readJson = (file: string) => JSON.parse(readFileSync(path.join(repo, file), 'utf8'));
  const writeJson = (file: string, value: unknown) =>
    writeFileSync(path.join(repo, file), JSON.stringify(value, null, 2) + '\n');

  beforeAll(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'forms-diff-'));
    cpSync(path.join(root, 'forms'), path.join(repo, 'forms'), { recursive: true });
    cpSync(path.join(root, 'schemas'), path.join(repo, 'schemas'), { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'forms');

    const about = readJson('forms/about.json');
    const names = about.sections[0].questions;
    const [lastName] = names.splice(2, 1); // last_name, put back after gender_iden
    const [middle] = names.splice(1, 1); // middle_name, removed
    expect([lastName.key, middle.key]).toEqual(['last_name', 'middle_name']);
    names.push(lastName);
    names.unshift({
      type: 'text',
      key: 'favourite_colour',
      label: 'Favourite Colour',
      required: true,
    });
    names.find((q: { key: string }) => q.key === 'first_name').label = 'Given Name';
    const genderIdentity = names.find((q: { key: string }) => q.key === 'gender_iden');
    const dropped = genderIdentity.options.splice(1, 1)[0];
    expect(dropped.value).toBe('M');
    const prevIndex = names.findIndex((q: { key: string }) => q.key === 'prev_name');
    const [prevName] = names.splice(prevIndex, 1);
    const alien = about.sections[3].questions[2];
    expect(alien.key).toBe('alien_registration_number');
    alien.condition = { valueKey: 'citizenship_type', operator: 'equals', target: 'IN' };
    writeJson('forms/about.json', about);

    const education = readJson('forms/education.json');
    education.sections[0].questions.push(prevName);
    writeJson('forms/education.json', education);

    const schema = readJson('schemas/about.schema.json');
    schema.properties.first_name.errorMessage = 'Given Name is required.';
    schema.errorMessage.required.first_name = 'Given Name is required.';
    schema.properties.last_name.maxLength = 20;
    writeJson('schemas/about.schema.json', schema);
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('lists each change on its page and whether drafts are affected', () => {
    const report = diffDefinitions(
      definitionsAtRef(repo, 'HEAD'),
      definitionsInWorkingTree(repo),
      today,
    );
    expect(report.pages.map((p) => p.id)).toEqual(['about', 'education']);
    expect(rows(report, 'about')).toEqual([
      ['added', 'favourite_colour', 'added (required, always shown)', 'yes'],
      ['removed', 'middle_name', 'removed', 'some'],
      ['label', 'first_name', 'label "First Name" → "Given Name"', 'no'],
      ['options', 'gender_iden', 'option "M" "Man" removed', 'some'],
      [
        'moved',
        'last_name',
        'moved within section name-and-birth (now question 7 of the page)',
        'no',
      ],
      [
        'condition',
        'alien_registration_number',
        'shown when citizenship_type is "PR" → shown when citizenship_type is "IN"',
        'some',
      ],
      [
        'message',
        'first_name',
        'message for all rules, required: "First Name is required." → "Given Name is required."',
        'no',
      ],
      ['rule', 'last_name', 'rules added: maxLength 20', 'some'],
    ]);
    expect(rows(report, 'education')).toEqual([
      ['moved', 'prev_name', 'moved here from page about', 'no'],
    ]);
    const removedOption = report.pages[0]!.changes.find((c) => c.kind === 'options')!;
    expect(removedOption.drafts).toBe('drafts that chose "M"');
  });

  it('prints GitHub annotations on the changed lines, a warning when drafts are affected', () => {
    const run = formsDiff(repo, 'HEAD', '--format', 'github');
    expect(run.status).toBe(0);
    const text = readFileSync(path.join(repo, 'forms/about.json'), 'utf8').split('\n');
    // The annotation points at the question's opening brace, two lines above its key.
    const line = text.findIndex((l) => l.includes('"favourite_colour"')) + 1 - 2;
    expect(run.stdout).toContain(
      `::warning file=forms/about.json,line=${line},col=9,title=forms%3Adiff about::favourite_colour "Favourite Colour": added (required, always shown) — drafts affected: every draft must answer it`,
    );
    // A removed question points at its section, which is still there.
    const sections = text.findIndex((l) => l.includes('"sections"'));
    const section = text.findIndex((l, i) => i > sections && l.includes('"name-and-birth"'));
    expect(run.stdout).toContain(`::warning file=forms/about.json,line=${section},col=5,`);
    expect(run.stdout).toMatch(
      /^::notice file=forms\/about.json,line=\d+,col=\d+,title=forms%3Adiff about::first_name "Given Name": label/m,
    );
  });

  it('writes a Markdown table per page for the job summary', () => {
    const report = diffDefinitions(
      definitionsAtRef(repo, 'HEAD'),
      definitionsInWorkingTree(repo),
      today,
    );
    const markdown = formatMarkdown(report);
    expect(markdown).toContain('### About You (`about`)');
    expect(markdown).toContain('**5 changes affect existing drafts.**');
    expect(markdown).toContain(
      '| `gender_iden` Gender Identity | option "M" "Man" removed | **some**: drafts that chose "M" |',
    );
  });

  it('exits 2 with a clear message on a ref git does not know', () => {
    expect(() => definitionsAtRef(repo, 'no-such-branch')).toThrow(DefinitionsError);
    const run = formsDiff(repo);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('give one git ref');
    const bad = formsDiff(repo, 'no-such-branch');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('"no-such-branch" is not a commit');
  });

  it('exits 2 naming the place when a form is not valid JSON', () => {
    const file = path.join(repo, 'forms/final-steps.json');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('"id": "final-steps",', '"id": "final-steps"'));
    try {
      const run = formsDiff(repo, 'HEAD');
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(
        'forms:diff: forms/final-steps.json:4:3 (working tree) is not valid JSON (CommaExpected)',
      );
    } finally {
      writeFileSync(file, good);
    }
  });
});

describe("forms:diff on the repository's own history", () => {
  const commit = (sha: string) =>
    diffDefinitions(definitionsAtRef(root, `${sha}^`), definitionsAtRef(root, sha), today);

  it('5f68006 (phone rule): required conditions and the cross-field rules of both phones', () => {
    const report = commit('5f68006');
    expect(report.pages.map((p) => p.id)).toEqual(['about']);
    expect(rows(report, 'about')).toEqual([
      [
        'required',
        'phone_home',
        'optional → required when phone_mobile is not answered and phone_international is not answered',
        'some',
      ],
      [
        'required',
        'phone_mobile',
        'required when phone_home is not answered or optin_sms_ind is "true" → required when optin_sms_ind is "true"',
        'some',
      ],
      [
        'rule',
        'phone_home',
        'rules added (if phone_mobile, phone_international): type "string", minLength 1, required true',
        'some',
      ],
      [
        'message',
        'phone_home',
        'message for all rules, required (if phone_mobile, phone_international) added: "Please enter either a home phone or cell phone number."',
        'no',
      ],
      [
        'rule',
        'phone_mobile',
        'rules removed (if phone_home): type "string", minLength 1, required true',
        'no',
      ],
      [
        'rule',
        'phone_mobile',
        'rules removed (if phone_home, optin_sms_ind): type "string", minLength 1, required true',
        'no',
      ],
      [
        'rule',
        'phone_mobile',
        'rules added (if optin_sms_ind): type "string", minLength 1, required true',
        'some',
      ],
      [
        'message',
        'phone_mobile',
        'message for all rules, required (if phone_home) removed (was "Please enter either a home phone or cell phone number.")',
        'no',
      ],
      [
        'message',
        'phone_mobile',
        'message for all rules, required (if phone_home, optin_sms_ind) removed (was "A cell phone number is required to receive text message updates.")',
        'no',
      ],
      [
        'message',
        'phone_mobile',
        'message for all rules, required (if optin_sms_ind) added: "A cell phone number is required to receive text message updates."',
        'no',
      ],
    ]);
  });

  it('5923cee (dated terms): term options gain dates, two terms are added, year lists roll over', () => {
    const report = commit('5923cee');
    expect(report.pages.map((p) => p.id)).toEqual(['education']);
    expect(rows(report, 'education')).toEqual([
      ['options', 'entry_term', 'option "2026SU" offered always → until 2026-06-08', 'some'],
      ['options', 'entry_term', 'option "2026FA" offered always → until 2026-08-24', 'some'],
      ['options', 'entry_term', 'option "2027SP" offered always → until 2027-01-11', 'some'],
      ['options', 'entry_term', 'option "2027FA" offered always → until 2027-08-30', 'some'],
      ['options', 'entry_term', 'option "2027SU" "Summer 2027" added', 'no'],
      ['options', 'entry_term', 'option "2028SP" "Spring 2028" added', 'no'],
      // As of 2026-11-25, past the new `until` of 11-01, the year lists start a year later.
      ['options', 'sat_plan_year', 'option "2026" "2026" removed', 'some'],
      ['options', 'sat_plan_year', 'option "2029" "2029" added', 'no'],
      [
        'options',
        'sat_plan_year',
        'option list {"list":"years","count":3,"direction":"future"} → {"list":"years","count":3,"direction":"future","until":"11-01"}',
        'no',
      ],
      ['options', 'act_plan_year', 'option "2026" "2026" removed', 'some'],
      ['options', 'act_plan_year', 'option "2029" "2029" added', 'no'],
      [
        'options',
        'act_plan_year',
        'option list {"list":"years","count":3,"direction":"future"} → {"list":"years","count":3,"direction":"future","until":"11-01"}',
        'no',
      ],
    ]);
  });

  it('4d50079 (required messages): three messages reworded, no draft affected', () => {
    const report = commit('4d50079');
    expect(rows(report, 'education')).toEqual([
      [
        'message',
        'entry_term',
        'message for all rules, required: "Please tell us when you plan to enroll." → "When do you plan to enroll? is required."',
        'no',
      ],
      [
        'message',
        'applied_major',
        'message for all rules, required: "Please tell us what you are interested in studying." → "What are you interested in studying? is required."',
        'no',
      ],
      [
        'message',
        'hs_name',
        'message for all rules, required: "Please search for your school, or enter its name." → "Search for Your School is required."',
        'no',
      ],
    ]);
    expect(report.pages.map((p) => p.id)).toEqual(['education']);
  });

  it('8739d24 (e-mail pattern): the account schemas, which hold no drafts', () => {
    const report = commit('8739d24');
    expect(report.pages.map((p) => p.id)).toEqual([
      'confirm.schema.json',
      'forgot-password.schema.json',
      'login.schema.json',
      'resend-confirm.schema.json',
      'reset-password.schema.json',
      'signup.schema.json',
    ]);
    for (const page of report.pages) {
      expect(page.changes).toHaveLength(1);
      expect(page.changes[0]).toMatchObject({
        kind: 'rule',
        key: 'username',
        affected: 'no',
        line: 8,
      });
      expect(page.changes[0]!.text).toMatch(/^rule pattern: "\^\[\^\\\\s@\]\+@/);
    }
  });
});
