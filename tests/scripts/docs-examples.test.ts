import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import complete from '../fixtures/answers/complete.json';
import type { Condition, PageDefinition, Question } from '../../src/engine/definitions';
import { operators } from '../../src/engine/definitions';
import { optionListNames, listNamesOf } from '../../src/engine/option-lists';
import { pageKeys } from '../../src/engine/page-fields';
import { questionTypes } from '../../src/engine/question-types';
import { validate } from '../../src/engine/validation';
import { createAjv } from '../../scripts/build-validators';
import { checkForms } from '../../scripts/forms-check/check-project';
import type { Finding } from '../../scripts/forms-check/findings';
import { scratchDir } from '../helpers/scratch-dir';

/**
 * Every JSON example of docs/forms.md passes forms:check. A fence's info string says what the
 * example is: `json question`, `json condition`, `json page` (each checked on a page of its own),
 * `json data-model` (keys added to the data model), and the walkthrough's `json add-question
 * PAGE SECTION`, `json add-summary-key PAGE GROUP`, `json rule PAGE` and `json translation PAGE`
 * (merged into forms/es/PAGE.json), applied to a copy of the
 * shipped forms and schemas.
 */
type Json = Record<string, unknown>;
interface Example {
  kind: string;
  args: string[];
  value: unknown;
  line: number;
}

const docs = readFileSync('docs/forms.md', 'utf8');
const examples: Example[] = [...docs.matchAll(/^```json([^\n]*)\n([\s\S]*?)^```/gm)].map((m) => {
  const [kind = '', ...args] = m[1]!.trim().split(/\s+/).filter(Boolean);
  const line = docs.slice(0, m.index).split('\n').length;
  return { kind, args, value: JSON.parse(m[2]!) as unknown, line };
});
const of = (kind: string) => examples.filter((e) => e.kind === kind);
const errorsOf = (findings: Finding[]) =>
  findings
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`);
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
const writeJson = (file: string, value: unknown) =>
  writeFileSync(file, JSON.stringify(value, null, 2));

/**
 * A copy of the shipped forms and schemas, the data model extended by the docs' data-model
 * examples; the Spanish translations (forms/es/) only when asked for, since most examples add
 * English alone.
 */
function project(
  withForms: boolean,
  withTranslations = false,
): { root: string; forms: string; schemas: string } {
  const root = scratchDir('docs-example');
  const forms = path.join(root, 'forms');
  const schemas = path.join(root, 'schemas');
  cpSync('schemas', schemas, { recursive: true });
  const translations = path.resolve('forms/es');
  if (withForms)
    cpSync('forms', forms, {
      recursive: true,
      filter: (source) => withTranslations || !path.resolve(source).startsWith(translations),
    });
  else cpSync('forms/site.json', path.join(forms, 'site.json'));
  const model = readJson(path.join(schemas, 'answers.schema.json'));
  for (const e of of('data-model')) Object.assign(model.properties as Json, e.value);
  writeJson(path.join(schemas, 'answers.schema.json'), model);
  return { root, forms, schemas };
}

function checkOnOwnPage(page: PageDefinition): string[] {
  const { forms, schemas } = project(false);
  writeJson(path.join(forms, 'example.json'), page);
  return errorsOf(checkForms({ formsDir: forms, schemasDir: schemas }));
}

function pageOf(questions: Question[]): PageDefinition {
  const page: PageDefinition = {
    $schema: '../schemas/form-definition.schema.json',
    id: 'example',
    title: 'Example',
    step: 1,
    route: '/example',
    errorSummary: [{ id: 'all', title: 'All', keys: [] }],
    sections: [{ id: 'example', questions }],
  };
  page.errorSummary[0]!.keys = pageKeys(page);
  return page;
}

describe('docs/forms.md examples', () => {
  it('are all tagged with a kind this test knows', () => {
    const kinds = new Set([
      'question',
      'condition',
      'page',
      'data-model',
      'add-question',
      'add-summary-key',
      'rule',
      'translation',
    ]);
    expect(examples.length).toBeGreaterThan(40);
    expect(
      examples.filter((e) => !kinds.has(e.kind)).map((e) => `line ${e.line}: "${e.kind}"`),
    ).toEqual([]);
  });

  it.each(of('question').map((e) => [e.line, e]))(
    'the question at line %i passes forms:check',
    (_line, e) => {
      expect(checkOnOwnPage(pageOf([e.value as Question]))).toEqual([]);
    },
  );

  it.each(of('condition').map((e) => [e.line, e]))(
    'the condition at line %i passes forms:check',
    (_line, e) => {
      const paragraph: Question = {
        type: 'paragraph',
        text: 'Shown while the condition holds.',
        condition: e.value as Condition,
      };
      expect(checkOnOwnPage(pageOf([paragraph]))).toEqual([]);
    },
  );

  it.each(of('page').map((e) => [e.line, e]))(
    'the page at line %i passes forms:check',
    (_line, e) => {
      expect(checkOnOwnPage(e.value as PageDefinition)).toEqual([]);
    },
  );

  it('the walkthrough and the rule examples, applied to the shipped files, pass forms:check and work', () => {
    const { forms, schemas } = project(true);
    for (const e of of('add-question')) {
      const [pageId, sectionId] = e.args;
      const file = path.join(forms, `${pageId}.json`);
      const page = readJson(file) as unknown as PageDefinition;
      page.sections.find((s) => s.id === sectionId)!.questions.push(e.value as Question);
      writeJson(file, page);
    }
    for (const e of of('add-summary-key')) {
      const [pageId, groupId] = e.args;
      const file = path.join(forms, `${pageId}.json`);
      const page = readJson(file) as unknown as PageDefinition;
      page.errorSummary.find((g) => g.id === groupId)!.keys.push(e.value as string);
      writeJson(file, page);
    }
    for (const e of of('rule')) {
      const file = path.join(schemas, `${e.args[0]}.schema.json`);
      writeJson(file, mergeRule(readJson(file), e.value as Json));
    }
    expect(errorsOf(checkForms({ formsDir: forms, schemasDir: schemas }))).toEqual([]);

    const education = createAjv().compile(readJson(path.join(schemas, 'education.schema.json')));
    expect(validate(education, { ...complete, hs_class_rank: '12 of 340' })).toEqual({});
    expect(validate(education, { ...complete, hs_class_rank: 'twelfth' })).toEqual({
      hs_class_rank: [
        'Please enter your class rank as your position and class size, for example 12 of 340.',
      ],
    });

    // The e-mail, fixed-date and long-answer examples, inside and outside their rules.
    const given = {
      ...complete,
      hs_counselor_email: 'counselor@school.org',
      hs_start_date: '2015-01-01',
      hs_courses_note: 'x'.repeat(500),
    };
    expect(validate(education, given)).toEqual({});
    expect(validate(education, { ...given, hs_start_date: '2026-12-31' })).toEqual({});
    expect(
      validate(education, {
        ...given,
        hs_counselor_email: 'counselor@school',
        hs_start_date: '2014-12-31',
        hs_courses_note: 'x'.repeat(501),
      }),
    ).toEqual({
      hs_counselor_email: [
        "Please enter your counselor's e-mail address, for example name@school.org.",
      ],
      hs_start_date: ['Please enter a date on or after January 1, 2015.'],
      hs_courses_note: ['Please keep your note about your courses to 500 characters or fewer.'],
    });
    expect(validate(education, { ...given, hs_start_date: '2027-01-01' })).toEqual({
      hs_start_date: ['Please enter a date in 2026 or before.'],
    });
  });

  it('the walkthrough with its Spanish, applied to the shipped files and translations, passes forms:check', () => {
    const { forms, schemas } = project(true, true);
    // The walkthrough's own examples are the first of each kind in the guide.
    const [question, summaryKey, rule] = [
      of('add-question')[0]!,
      of('add-summary-key')[0]!,
      of('rule')[0]!,
    ];
    const pageFile = path.join(forms, `${question.args[0]}.json`);
    const page = readJson(pageFile) as unknown as PageDefinition;
    page.sections
      .find((s) => s.id === question.args[1])!
      .questions.push(question.value as Question);
    page.errorSummary
      .find((g) => g.id === summaryKey.args[1])!
      .keys.push(summaryKey.value as string);
    writeJson(pageFile, page);
    const schemaFile = path.join(schemas, `${rule.args[0]}.schema.json`);
    writeJson(schemaFile, mergeRule(readJson(schemaFile), rule.value as Json));
    expect(of('translation').length).toBeGreaterThan(0);
    for (const e of of('translation')) {
      const file = path.join(forms, 'es', `${e.args[0]}.json`);
      writeJson(file, mergeDeep(readJson(file), e.value as Json));
    }
    expect(errorsOf(checkForms({ formsDir: forms, schemasDir: schemas }))).toEqual([]);
  });

  it('show every question type, operator and named option list', () => {
    const questions = [...of('question'), ...of('add-question')].flatMap((e) =>
      nested(e.value as Question),
    );
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(questionTypes));
    const conditions = JSON.stringify(of('condition').map((e) => e.value));
    for (const operator of operators) expect(conditions).toContain(`"operator":"${operator}"`);
    for (const name of ['all', 'any', 'not', 'jsonLogic'])
      expect(conditions).toContain(`"${name}":`);
    const lists = questions.flatMap((q) =>
      'options' in q && q.options ? listNamesOf(q.options) : [],
    );
    expect(new Set(lists)).toEqual(new Set(optionListNames));
  });
});

function nested(question: Question): Question[] {
  const children: Question[] = [];
  if ('then' in question) children.push(...(question.then ?? []), ...(question.else ?? []));
  if (question.type === 'add-another') children.push(...question.questions);
  if (question.type === 'tabs') children.push(...question.tabs.flatMap((t) => t.questions));
  return [question, ...children.flatMap(nested)];
}

/** Merges a rule example into a page schema: properties and dependentSchemas by key, lists appended. */
function mergeRule(schema: Json, rule: Json): Json {
  for (const [key, value] of Object.entries(rule)) {
    if (key === 'properties' || key === 'dependentSchemas')
      schema[key] = { ...(schema[key] as Json), ...(value as Json) };
    else if (key === 'required')
      schema[key] = [...new Set([...((schema[key] as string[]) ?? []), ...(value as string[])])];
    else if (key === 'allOf')
      schema[key] = [...((schema[key] as unknown[]) ?? []), ...(value as unknown[])];
    else if (key === 'errorMessage') {
      const current = (schema.errorMessage ?? {}) as Json;
      const added = value as Json;
      schema.errorMessage = {
        ...current,
        required: { ...(current.required as Json), ...(added.required as Json) },
      };
    } else schema[key] = value;
  }
  return schema;
}

/** Merges a translation example into a translation file, object by object. */
function mergeDeep(target: Json, added: Json): Json {
  for (const [key, value] of Object.entries(added)) {
    const current = target[key];
    target[key] =
      typeof current === 'object' && current !== null && typeof value === 'object' && value !== null
        ? mergeDeep(current as Json, value as Json)
        : value;
  }
  return target;
}
