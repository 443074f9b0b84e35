import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fixtureCopy, place, type FixtureCopy } from '../fixtures/forms-check/fixture-copy';

/**
 * forms:check reports every mistake in one run (issue 39): a broken copy of the fixture set holds
 * seven kinds of mistake, several in one file, and each is reported, in words that name it, at
 * its file:line:column, as text and as GitHub annotations.
 */
const PAGE = 'forms/sample.json';
const SCHEMA = 'schemas/sample.schema.json';
const BIO = '{ "value": "BIO", "label": "Biology" }';

function breakSevenWays(copy: FixtureCopy): Array<[string, string, RegExp]> {
  copy.edit(
    SCHEMA,
    '    "applied_major": {',
    '    "applied_major": { "type": "string" },\n    "applied_major": {',
  );
  copy.edit(SCHEMA, '"errorMessage": "Major is required."', '"errorMessage": ""');
  copy.edit(SCHEMA, 'at most {limit} characters', 'at most {limt} characters');
  copy.edit(
    PAGE,
    '"operator": "equals", "target": "MUS" }',
    '"operator": "equals", "target": "MUSI" }',
  );
  copy.edit(PAGE, '{ "type": "text", "key": "pet_name"', '{ "type": "txet", "key": "pet_name"');
  copy.edit(
    PAGE,
    '{ "type": "checkbox"',
    '{ "type": "text", "key": "first_name", "label": "Name Again" },\n{ "type": "checkbox"',
  );
  copy.edit(PAGE, BIO, `${BIO},`);
  const duplicate = copy.where(SCHEMA, '"applied_major": {\n');
  const first = copy.where(SCHEMA, '"applied_major": { "type"').split(':')[1];
  return [
    [
      'duplicate-property',
      duplicate,
      new RegExp(
        `"applied_major" is written twice in one object, on line ${first} and line ${duplicate.split(':')[1]}`,
      ),
    ],
    [
      'condition-target',
      copy.where(PAGE, '"MUSI"'),
      /compares "applied_major" with "MUSI", which its question .* does not offer.* Did you mean "MUS" \(Music\)\?/,
    ],
    ['empty-message', copy.where(SCHEMA, '"errorMessage": ""', 16), /message .* is empty/],
    [
      'unknown-placeholder',
      copy.where(SCHEMA, '"First Name can be at most {limt}'),
      /uses \{limt\}, which the rule does not fill.*it has \{limit\}\. Did you mean "limit"\?/,
    ],
    [
      'form-language',
      copy.where(PAGE, '"txet"'),
      /^Unknown question type "txet"\. Did you mean "text"\?$/,
    ],
    [
      'key-asked-twice',
      copy.where(PAGE, '"first_name", "label": "Name Again"'),
      /^Key "first_name" is asked more than once/,
    ],
    [
      'json-syntax',
      copy.where(PAGE, `${BIO},`, BIO.length),
      /^A comma before a closing bracket \]/,
    ],
  ];
}

describe('forms:check on seven kinds of mistake in one copy', () => {
  it('reports all seven in one run, each at its file:line:column', () => {
    const copy = fixtureCopy();
    const expected = breakSevenWays(copy);
    const findings = copy.check();
    for (const [check, where, message] of expected) {
      const found = findings.filter((f) => f.check === check && place(f) === where);
      expect(
        found.map((f) => f.message),
        `${check} at ${where}`,
      ).toContainEqual(expect.stringMatching(message));
    }
    expect(findings.map((f) => f.check).sort()).toEqual(expected.map(([check]) => check).sort());
  });

  it('prints them all as GitHub annotations and exits 1', () => {
    const copy = fixtureCopy();
    const expected = breakSevenWays(copy);
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/check-forms.ts',
        '--forms',
        copy.forms,
        '--schemas',
        copy.schemas,
        '--format',
        'github',
      ],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    for (const [, where] of expected) {
      const [file, line, col] = where.split(':');
      expect(result.stdout).toMatch(
        new RegExp(
          `^::error file=[^,]*/${file!.replace('.', '\\.')},line=${line},col=${col}::`,
          'm',
        ),
      );
    }
    expect(result.stdout).toContain('forms:check: 7 errors');
  });
});
