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

describe('forms:check in words that name the fix', () => {
  it('says which line a missing comma follows, and checks the rest of the file all the same', () => {
    const copy = fixtureCopy();
    copy.edit(PAGE, '"label": "Pet Name" },', '"label": "Pet Name" }');
    copy.edit(PAGE, '"key": "first_name", "label"', '"key": "frist_name", "label"');
    const findings = copy.check();
    const line = Number(copy.where(PAGE, '"label": "Pet Name" }').split(':')[1]);
    expect(findings.find((f) => f.check === 'json-syntax')?.message).toBe(
      `A comma is missing after line ${line}: items of a list or object are separated by commas.`,
    );
    expect(findings.find((f) => f.check === 'key-not-in-data-model')?.message).toMatch(
      /^Key "frist_name" is not in the data model .* Did you mean "first_name"\?$/,
    );
  });

  it('names both columns of a property written twice on one line, and its pointer', () => {
    const copy = fixtureCopy();
    copy.edit(PAGE, '"label": "Pet Name" }', '"label": "Pet Name", "label": "Pet" }');
    const first = copy.where(PAGE, '"label": "Pet Name"').split(':');
    const second = copy.where(PAGE, '"label": "Pet" }').split(':');
    expect(copy.check().map((f) => [f.check, place(f), f.pointer, f.message])).toEqual([
      [
        'duplicate-property',
        second.join(':'),
        '/sections/0/questions/2/label',
        `"label" is written twice in one object, on line ${second[1]} (columns ${first[2]} and ${second[2]}); only the last one counts. Merge them into one.`,
      ],
    ]);
  });

  it('reports the unknown properties of a question whose type was misspelt, in the same run', () => {
    const copy = fixtureCopy();
    copy.edit(
      PAGE,
      '{ "type": "text", "key": "pet_name", "label"',
      '{ "type": "textt", "key": "pet_name", "labl"',
    );
    expect(copy.check().map((f) => [f.check, place(f), f.message])).toEqual([
      [
        'form-language',
        copy.where(PAGE, '"textt"'),
        'Unknown question type "textt". Did you mean "text"?',
      ],
      [
        'form-language',
        copy.where(PAGE, '"labl"'),
        'Unknown property "labl". Did you mean "label"?',
      ],
    ]);
  });

  it('checks a schema whose only mistake is a comma, and names an unknown rule', () => {
    const copy = fixtureCopy();
    copy.edit(SCHEMA, '"maxLength": 30,', '"maxLenght": 30,');
    copy.edit(
      SCHEMA,
      '"required": ["first_name", "applied_major"],',
      '"required": ["first_name", "applied_major",],',
    );
    const findings = copy.check();
    expect(findings.map((f) => f.check)).toEqual(['schema-compile', 'json-syntax']);
    expect(findings[0]?.message).toMatch(
      /unknown keyword: "maxLenght"\. Did you mean "maxLength"\?$/,
    );
    expect(findings[1]?.message).toMatch(/^A comma before a closing bracket \]/);
  });
});
