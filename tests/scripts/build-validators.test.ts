import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildValidators,
  createAjv,
  exportName,
  hoistRequires,
  languageSchemas,
  pageValidatorNames,
} from '../../scripts/build-validators';
import { pageValidators } from '../../src/generated/page-validators.js';
import {
  fieldValidatorLoaders,
  pageValidatorLoaders,
} from '../../src/generated/page-validator-loaders.js';
import { customKeywordNames } from '../../scripts/validator-keywords';
import * as generated from '../../src/generated/validators.js';

describe('build-validators', () => {
  const { code, modules, names } = buildValidators();

  it('compiles the page schemas, the account schemas and the data model, not the form language', () => {
    expect(names).toEqual(
      expect.arrayContaining([
        'about',
        'education',
        'finalSteps',
        'answers',
        'login',
        'resetPassword',
      ]),
    );
    expect(names).not.toContain('formDefinition');
    expect(names).not.toContain('site');
    expect(languageSchemas).toEqual([
      'form-definition.schema.json',
      'site.schema.json',
      'translation.schema.json',
    ]);
    expect(Object.keys(generated).sort()).toEqual([...names].sort());
  });

  it('writes one module per schema, and gives the engine only the form pages’ validators', () => {
    expect(Object.keys(modules).sort()).toEqual([...names].sort());
    // What the engine (and so every form page's bundle) imports: the three pages' modules only,
    // not the data model's or the account cards'.
    const engineImports = readFileSync('src/generated/page-validators.js', 'utf8').match(
      /from '[^']+'/g,
    );
    expect(engineImports).toEqual([
      "from './validators/about.js'",
      "from './validators/aboutFields.js'",
      "from './validators/education.js'",
      "from './validators/educationFields.js'",
      "from './validators/finalSteps.js'",
      "from './validators/finalStepsFields.js'",
    ]);
    // The pages' definitions come from generated modules; their validators do not.
    expect(readFileSync('src/forms/form-pages.ts', 'utf8')).not.toMatch(/generated\/.*validators/);
    expect(pageValidatorNames(names)).toEqual(['about', 'education', 'finalSteps']);
    expect(Object.keys(pageValidators).sort()).toEqual(['about', 'education', 'finalSteps']);
    expect(pageValidators.about).toBe(generated.about);
  });

  it('gives the browser the form pages’ validators to load when needed, by page id', async () => {
    const loaders = readFileSync('src/generated/page-validator-loaders.js', 'utf8');
    // Loaded when needed: no page's validator is in the module itself.
    expect(loaders).not.toMatch(/^import /m);
    expect(Object.keys(pageValidatorLoaders).sort()).toEqual(['about', 'education', 'final-steps']);
    expect(await pageValidatorLoaders['final-steps']!()).toBe(generated.finalSteps);
    expect(await pageValidatorLoaders.about!()).toBe(generated.about);
  });

  it('gives each page validator its fields’ validators, one a field a rule names', async () => {
    const fields = await fieldValidatorLoaders.about!();
    expect(Object.keys(fields)).toContain('first_name');
    // A field only a condition reads has no rule, so no validator.
    expect(fields).not.toHaveProperty('optin_sms_ind');
    const firstName = fields.first_name!;
    expect(firstName({ first_name: 'Ada' })).toBe(true);
    // Its slice holds none of the other fields' rules.
    expect(firstName({ first_name: 'Ada', last_name: '' })).toBe(true);
    expect(firstName({})).toBe(false);
    // The server's come with them.
    expect(pageValidators.about!.fields).toBe(fields);
  });

  it('emits code a strict Content-Security-Policy accepts: no eval, no new Function, no require', () => {
    expect(code).not.toMatch(/\bnew Function\b/);
    expect(code).not.toMatch(/\beval\(/);
    expect(code).not.toMatch(/\brequire\(/);
  });

  it('inlines the custom date keywords, reading now from the validation context', () => {
    expect(code).toContain('this.now');
    expect(customKeywordNames).toEqual([
      'isoDate',
      'minAge',
      'maxAge',
      'minYearFromNow',
      'maxYearFromNow',
      'formatMinimum',
      'formatMaximum',
    ]);
  });

  it('names exports after the schema file', () => {
    expect(exportName('final-steps.schema.json')).toBe('finalSteps');
    expect(exportName('/x/reset-password.schema.json')).toBe('resetPassword');
  });

  it('turns AJV runtime requires into imports', () => {
    const out = hoistRequires('const a = require("ajv/dist/runtime/equal").default;');
    expect(out).toContain('import * as __runtime0Module from "ajv/dist/runtime/equal.js";');
    expect(out).not.toContain('require(');
  });

  it('rejects a custom keyword given the wrong kind of value', () => {
    expect(() => createAjv().compile({ type: 'string', minAge: 'thirteen' })).toThrow();
  });
});
