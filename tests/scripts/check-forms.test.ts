import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms } from '../../scripts/forms-check/check-project';
import { formatGithub, formatText, type Finding } from '../../scripts/forms-check/findings';
import { fixtureCopy, place, type FixtureCopy } from '../fixtures/forms-check/fixture-copy';
import { scratchDir } from '../helpers/scratch-dir';

const fixtures = path.resolve('tests/fixtures/forms-broken');

/** Checks one fixture: its forms and its schemas (or the valid baseline's). */
function check(name: string): Finding[] {
  const dir = path.join(fixtures, name);
  const schemas = path.join(dir, 'schemas');
  return checkForms({
    formsDir: path.join(dir, 'forms'),
    schemasDir: existsSync(schemas) ? schemas : path.join(fixtures, '_valid/schemas'),
  });
}

const errors = (findings: Finding[]) => findings.filter((f) => f.severity === 'error');
const at = (f: Finding) => `${path.basename(f.file)}:${f.line}:${f.column}`;

describe('forms:check on the shipped forms and schemas', () => {
  it('finds no errors', () => {
    const findings = checkForms();
    expect(errors(findings)).toEqual([]);
  });
});

describe('forms:check on stale content (alert windows, terms)', () => {
  const stale = (copy: FixtureCopy, day: string) =>
    copy.check(new Date(`${day}T12:00:00`)).filter((f) => f.check.endsWith('-past'));

  it('finds nothing stale while a window and a term lie ahead', () => {
    expect(stale(fixtureCopy(), '2029-06-01')).toEqual([]);
  });

  it('warns, with file:line:column, when every alert window or every term lies in the past', () => {
    const copy = fixtureCopy();
    const findings = stale(copy, '2032-01-10');
    expect(findings.map((f) => [f.severity, f.check, place(f), f.pointer])).toEqual([
      [
        'warning',
        'options-past',
        copy.where('forms/sample.json', '[\n            { "value": "2030FA"'),
        '/sections/0/questions/0/options',
      ],
      ['warning', 'alerts-past', copy.where('forms/site.json', '"alerts"'), '/alerts'],
    ]);
    expect(findings[0]?.message).toMatch(/"entry_term".*\(2032-01-10\)/);
    expect(findings[1]?.message).toMatch(/no alert banner can show/);
  });

  it('judges alerts and terms separately', () => {
    // Every term has started, a window is still to come.
    expect(stale(fixtureCopy(), '2031-02-01').map((f) => f.check)).toEqual(['options-past']);
  });
});

describe('forms:check on the valid baseline fixture', () => {
  it('finds nothing', () => {
    expect(check('_valid').map((f) => f.check)).toEqual([]);
  });
});

describe('forms:check finds each broken fixture, at its line and column', () => {
  it.each([
    [
      'json-syntax',
      'json-syntax',
      'sample.json:38:78',
      /^A comma before a closing brace \} \(line 38\): remove the comma at the end of line 38/,
    ],
    ['form-language', 'form-language', 'sample.json:24:48', /Unknown property "labl"/],
    [
      'summary-key-in-several-pages',
      'summary-key-in-several-pages',
      'second.json:11:16',
      /^Your ValidationErrorSummary implementation uses keys that are present in multiple pages: "first_name"/,
    ],
    [
      'key-not-in-data-model',
      'key-not-in-data-model',
      'sample.json:38:45',
      /Key "pet_nickname" is not in the data model/,
    ],
    [
      'block-prefix',
      'block-prefix',
      'sample.json:49:29',
      /prefix "home_" is not part of its key "town"/,
    ],
    [
      'block-key-not-in-data-model',
      'block-key-not-in-data-model',
      'sample.json:45:52',
      /key "house_city" \(city\) is not in the data model/,
    ],
    [
      'add-another-max',
      'add-another-max',
      'sample.json:50:18',
      /allows 12 blocks; the maximum is 10/,
    ],
    [
      'unknown-condition-key',
      'unknown-condition-key',
      'sample.json:43:28',
      /reads "pet_kind", which is not in the data model/,
    ],
    [
      'unknown-option-list',
      'unknown-option-list',
      'sample.json:29:22',
      /Unknown option list "colours"/,
    ],
    [
      'required-but-hideable',
      'required-but-hideable',
      'sample.json:24:9',
      /"first_name" is required .* but a condition can hide its question/,
    ],
    [
      'rule-without-message',
      'rule-without-message',
      'sample.schema.json:7:37',
      /The "maxLength" rule has no message/,
    ],
    [
      'key-asked-twice',
      'key-asked-twice',
      'sample.json:39:45',
      /Key "first_name" is asked more than once/,
    ],
    [
      'tab-file',
      'tab-file',
      'sample.json:53:23',
      /owns the file "home_city", but no file question in the tab asks it/,
    ],
    [
      'site-alert-window',
      'alert-window',
      'site.json:38:14',
      /ends \(2024-12-01\) before or when it starts/,
    ],
    ['schema-compile', 'schema-compile', 'sample.schema.json:8:7', /unknown keyword: "minLenght"/],
    [
      'date-bound',
      'date-bound',
      'sample.schema.json:10:24',
      /^The formatMinimum of "pet_adopted" is not a real date written YYYY-MM-DD: "1990-02-30"\.$/,
    ],
    [
      'length-rule',
      'length-rule',
      'sample.json:38:97',
      /^"pet_name" lets the applicant type past 45 characters \(maxLengthMode "show-message"\), but .*sample\.schema\.json has no maxLength rule for it/,
    ],
    [
      'length-rule',
      'length-rule',
      'sample.json:24:123',
      /^"first_name" lets the applicant type past 30 characters .* the maxLength rule for it in .* says 45: make them the same/,
    ],
  ])('%s: %s at %s', (fixture, checkName, location, message) => {
    const found = errors(check(fixture)).filter((f) => f.check === checkName && at(f) === location);
    expect(found.map((f) => f.message)).toContainEqual(expect.stringMatching(message));
  });

  it('reports a key with no page as a warning, not an error', () => {
    const findings = check('key-without-page');
    expect(errors(findings)).toEqual([]);
    expect(findings.find((f) => f.check === 'key-without-page')).toMatchObject({
      severity: 'warning',
      line: 38,
      column: 45,
      pointer: '/sections/0/questions/2/then/0/key',
      message: 'Key "pet_name" does not correlate to a page: no page\'s errorSummary lists it.',
    });
  });

  it('reports a bad date bound once, at the bound, not again as a compile error', () => {
    expect(errors(check('date-bound')).map((f) => [f.check, f.pointer])).toEqual([
      ['date-bound', '/properties/pet_adopted/formatMinimum'],
    ]);
  });

  it('refuses a date bound without format "date", and a last day before the first', () => {
    const messages = (rule: object) => {
      const dir = scratchDir('date-bound');
      cpSync(path.join(fixtures, 'date-bound'), dir, { recursive: true });
      const file = path.join(dir, 'schemas/sample.schema.json');
      const schema = JSON.parse(readFileSync(file, 'utf8')) as {
        properties: Record<string, object>;
      };
      schema.properties.pet_adopted = { ...schema.properties.pet_adopted, ...rule };
      writeFileSync(file, JSON.stringify(schema, null, 2));
      return errors(checkForms({ formsDir: `${dir}/forms`, schemasDir: `${dir}/schemas` })).map(
        (f) => [f.pointer, f.message],
      );
    };
    expect(messages({ format: 'email', formatMinimum: '1990-01-01' })).toEqual([
      [
        '/properties/pet_adopted/formatMinimum',
        'The formatMinimum of "pet_adopted" needs "format": "date" beside it.',
      ],
    ]);
    expect(messages({ formatMinimum: '2000-01-01', formatMaximum: '1999-12-31' })).toEqual([
      [
        '/properties/pet_adopted/formatMaximum',
        'The formatMaximum of "pet_adopted" (1999-12-31) is before its formatMinimum (2000-01-01), so no date passes.',
      ],
    ]);
    expect(messages({ formatMinimum: '1990-01-01' })).toEqual([]);
  });

  it('gives each finding a JSON pointer into its file', () => {
    const [finding] = errors(check('add-another-max'));
    expect(finding?.pointer).toBe('/sections/1/questions/1/max');
    const [compile] = errors(check('unknown-option-list'));
    expect(compile?.pointer).toBe('/sections/0/questions/1/options');
  });
});

describe('output formats', () => {
  const finding: Finding = {
    severity: 'error',
    check: 'add-another-max',
    file: 'forms/education.json',
    line: 50,
    column: 18,
    pointer: '/sections/1/questions/1/max',
    message: 'Too many: 100%, really',
  };

  it('prints text as file:line:column', () => {
    expect(formatText(finding)).toBe(
      'forms/education.json:50:18: error: Too many: 100%, really [/sections/1/questions/1/max] (add-another-max)',
    );
  });

  it('prints GitHub workflow annotations, escaping their special characters', () => {
    expect(formatGithub(finding)).toBe(
      '::error file=forms/education.json,line=50,col=18::Too many: 100%25, really [/sections/1/questions/1/max]',
    );
    expect(formatGithub({ ...finding, severity: 'warning', message: 'a\nb' })).toMatch(
      /^::warning file=.*::a%0Ab /,
    );
  });
});

describe('the forms:check command', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-forms.ts', ...args], {
      encoding: 'utf8',
    });

  it('exits 0 on the shipped forms', () => {
    const result = run();
    expect(result.stdout).toContain('forms:check: 0 errors');
    expect(result.status).toBe(0);
  });

  it('takes the day to judge stale content by, and refuses a day that is not a date', () => {
    const copy = fixtureCopy();
    const alerts = copy.where('forms/site.json', '"alerts"');
    const result = run('--forms', copy.forms, '--schemas', copy.schemas, '--today', '2032-01-10');
    expect(result.stdout).toContain(
      `/forms/site.json:${alerts.split(':').slice(1).join(':')}: warning: Every alert window ended`,
    );
    expect(result.status).toBe(0);
    expect(run('--today', 'soon').status).toBe(2);
    expect(run('--today', '2027-02-30').status).toBe(2);
  });

  it('exits 1 with GitHub annotations on a broken fixture, checking the folders it is given', () => {
    const dir = path.join(fixtures, 'add-another-max');
    const result = run(
      '--forms',
      path.join(dir, 'forms'),
      '--schemas',
      path.join(fixtures, '_valid/schemas'),
      '--format',
      'github',
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /^::error file=tests\/fixtures\/forms-broken\/add-another-max\/forms\/sample\.json,line=50,col=18::Add-another "pets" allows 12 blocks/m,
    );
  });
});
