/**
 * forms:check on the Spanish translations (issue 40): a missing, extra or stale translation, or
 * one whose placeholders differ, fails the check at the translation's file:line:column.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../scripts/forms-check/findings';
import { fixtureCopy, place } from '../fixtures/forms-check/fixture-copy';

const translationFindings = (findings: Finding[]) =>
  findings.filter((f) => f.check.startsWith('translation'));
const summary = (f: Finding) => [f.check, place(f), f.pointer];

/** The pet-name entry of the fixture's translation, as the file writes it. */
const petNameEntry = `"pet_name": {
      "label": {
        "en": "Pet Name",
        "es": "ES Pet Name"
      }
    },
    `;

describe('forms:check on translations', () => {
  it('finds nothing when every text has a fresh translation', () => {
    expect(translationFindings(fixtureCopy({ translated: true }).check())).toEqual([]);
  });

  it('finds nothing to translate in a forms folder without translations', () => {
    expect(translationFindings(fixtureCopy().check())).toEqual([]);
  });

  it('fails on a Spanish text removed, naming it and its English', () => {
    const copy = fixtureCopy({ translated: true });
    const questions = copy.where('forms/es/sample.json', '"questions": {', 13);
    copy.edit('forms/es/sample.json', petNameEntry, '');
    const findings = translationFindings(copy.check());
    expect(findings.map(summary)).toEqual([
      ['translation-missing', questions, '/questions/pet_name/label'],
    ]);
    expect(findings[0]?.message).toContain('questions › pet_name › label: "Pet Name"');
    expect(findings[0]?.message).toContain(
      `sample.json:${copy.where('forms/sample.json', '"Pet Name"').split(':').slice(1).join(':')}`,
    );
  });

  it('fails on an empty Spanish text', () => {
    const copy = fixtureCopy({ translated: true });
    const entry = copy.where('forms/es/sample.json', '{\n        "en": "Pet Name"');
    copy.edit('forms/es/sample.json', '"es": "ES Pet Name"', '"es": ""');
    expect(translationFindings(copy.check()).map(summary)).toEqual([
      ['translation-missing', entry, '/questions/pet_name/label'],
    ]);
  });

  it('fails on a translation of nothing the English has', () => {
    const copy = fixtureCopy({ translated: true });
    copy.edit(
      'forms/es/sample.json',
      '"pet_name": {',
      '"pet_nickname": { "label": { "en": "Nickname", "es": "Apodo" } },\n    "pet_name": {',
    );
    const findings = translationFindings(copy.check());
    expect(findings.map(summary)).toEqual([
      [
        'translation-extra',
        copy.where('forms/es/sample.json', '"label": { "en": "Nickname"'),
        '/questions/pet_nickname/label',
      ],
    ]);
    expect(findings[0]?.message).toContain('"Nickname"');
  });

  it('fails on a stale translation: the English changed after it was translated', () => {
    const copy = fixtureCopy({ translated: true });
    copy.edit('forms/sample.json', '"label": "Pet Name"', '"label": "Name of Your Pet"');
    const findings = translationFindings(copy.check());
    expect(findings.map(summary)).toEqual([
      [
        'translation-stale',
        copy.where('forms/es/sample.json', '"Pet Name"'),
        '/questions/pet_name/label/en',
      ],
    ]);
    expect(findings[0]?.message).toContain('it was "Pet Name", it is now "Name of Your Pet"');
  });

  it('asks for a translation when a schema message gets words of its own', () => {
    const copy = fixtureCopy({ translated: true });
    copy.edit(
      'schemas/sample.schema.json',
      '"errorMessage": "Your Instrument is required."',
      '"errorMessage": "Please name your instrument."',
    );
    const findings = translationFindings(copy.check());
    expect(findings.map((f) => [f.check, f.pointer])).toEqual([
      ['translation-missing', '/messages/instrument/minLength'],
    ]);
  });

  it('fails on a translation whose placeholders differ from the English', () => {
    const copy = fixtureCopy({ translated: true });
    // The Spanish line (the English one ends in a comma).
    copy.edit(
      'forms/es/sample.json',
      'at most {limit} characters."\n',
      'at most {limite} characters."\n',
    );
    const findings = translationFindings(copy.check());
    expect(findings.map((f) => [f.check, f.pointer])).toEqual([
      ['translation-placeholders', '/messages/first_name/maxLength/es'],
    ]);
    expect(findings[0]?.message).toMatch(/\{limite\}.*\{limit\}/);
  });

  it('fails when a page has no translation file', () => {
    const copy = fixtureCopy({ translated: true });
    rmSync(path.join(copy.forms, 'es', 'site.json'));
    expect(translationFindings(copy.check()).map((f) => [f.check, path.basename(f.file)])).toEqual([
      ['translation-file-missing', 'site.json'],
    ]);
  });

  it('exits 1 from the command line and prints the file:line:column', () => {
    const copy = fixtureCopy({ translated: true });
    const questions = copy.where('forms/es/sample.json', '"questions": {', 13);
    copy.edit('forms/es/sample.json', petNameEntry, '');
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
      ],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    const line = result.stdout.split('\n').find((l) => l.includes('(translation-missing)'));
    expect(line).toContain(`es/${questions}: error: No Spanish for questions › pet_name › label`);
  });
});
