/**
 * One source for each condition (ARCHITECTURE decision 16): a question's `condition`/`required`
 * in its page and its rule's `if`/`then` in the page schema say the same thing twice, so
 * forms:check proves they agree. Both are evaluated over every combination of the values the
 * answers they read can take (controller-values.ts): wherever the question shows, the page marks
 * it required exactly when the schema rejects it left empty (never answered, or emptied).
 */
import type { Answers, PageDefinition } from '../../src/engine/definitions';
import { conditionKeys, evaluateCondition } from '../../src/engine/conditions';
import { pageFields, type PageField } from '../../src/engine/page-fields';
import { clearHidden, conditionsHold } from '../../src/engine/visibility';
import type { Controller } from './condition-targets';
import { valueSpace, type Mentioned } from './controller-values';
import type { Findings } from './findings';
import type { PageInput } from './key-checks';
import { schemaKeys } from './schema-keys';
import { probeValidator } from './schema-rule-checks';
import { locate, type SourceFile } from './source-file';

type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A bound on the combinations tried for one question, so a check never runs away. */
const MAX_STATES = 4096;

interface Context {
  controllers: ReadonlyMap<string, Controller>;
  mentioned: Mentioned;
  now: Date;
}

/** Reports each question whose page requirement and schema rule disagree, with both places. */
export function checkConditionAgreement(
  inputs: readonly PageInput[],
  context: Context,
  findings: Findings,
): void {
  for (const { file, page, schema } of inputs) {
    if (!schema) continue;
    const validate = probeValidator(schema.json);
    const triggers = schemaTriggers(schema.json);
    const seen = new Set<string>();
    for (const field of pageFields(page)) {
      // A file's answer is written by the server once an upload converts, never typed, so its
      // rule is about the upload, not about what the page marks.
      if (seen.has(field.key) || field.question.type === 'file') continue;
      seen.add(field.key);
      const readers = new Set<string>();
      const required = field.question.required;
      for (const c of [...field.conditions, ...(typeof required === 'object' ? [required] : [])])
        conditionKeys(c).forEach((k) => readers.add(k));
      triggers.get(field.key)?.forEach((k) => readers.add(k));
      readers.delete(field.key);
      const states = combinations([...readers], context);
      if (!states) {
        findings.warning(
          'condition-unchecked',
          file,
          field.pointer,
          `"${field.key}" depends on too many answers (${[...readers].join(', ')}) for forms:check to try every combination, so its page and schema rules were not compared.`,
        );
        continue;
      }
      for (const state of states) {
        const answers = clearHidden(page, state);
        if (!conditionsHold(field, answers)) continue;
        const marked = isMarked(field, answers);
        const empty = rejects(validate, { ...answers, [field.key]: '' }, field.key);
        const missing = rejects(validate, withoutKey(answers, field.key), field.key);
        if (marked === empty && marked === missing) continue;
        report(
          field,
          file,
          page,
          schema,
          answers,
          [...readers],
          { marked, empty, missing },
          findings,
        );
        break;
      }
    }
  }
}

const isMarked = (field: PageField, answers: Answers): boolean => {
  const { required } = field.question;
  return typeof required === 'object' ? evaluateCondition(required, answers) : required === true;
};

const withoutKey = (answers: Answers, key: string): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([k]) => k !== key));

/** Whether the schema reports an error on the key for these answers. */
function rejects(
  validate: ReturnType<typeof probeValidator>,
  answers: Answers,
  key: string,
): boolean {
  if (validate(answers)) return false;
  return (validate.errors ?? []).some(
    (e) =>
      e.instancePath.split('/')[1] === key ||
      (e.keyword === 'required' && e.params.missingProperty === key && e.instancePath === ''),
  );
}

/** Key → the answers the schema's `if`s (and dependentSchemas) read before ruling on it. */
function schemaTriggers(schema: unknown): Map<string, Set<string>> {
  const triggers = new Map<string, Set<string>>();
  const add = (keys: string[], readers: string[]) => {
    for (const key of keys) {
      const set = triggers.get(key) ?? new Set<string>();
      readers.forEach((r) => set.add(r));
      triggers.set(key, set);
    }
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    if (!isNode(node)) return;
    if (node.if !== undefined) {
      const readers = schemaKeys(node.if).map((k) => k.key);
      const ruled = [...schemaKeys(node.then), ...schemaKeys(node.else)].map((k) => k.key);
      add(ruled, readers);
    }
    if (isNode(node.dependentSchemas))
      for (const [reader, sub] of Object.entries(node.dependentSchemas))
        add(
          schemaKeys(sub).map((k) => k.key),
          [reader],
        );
    Object.values(node).forEach(visit);
  };
  visit(schema);
  return triggers;
}

/** Every combination of the readers' values; undefined past MAX_STATES. */
function combinations(readers: string[], context: Context): Answers[] | undefined {
  const fields = new Map([...context.controllers].map(([k, c]) => [k, c.field]));
  let states: Answers[] = [{}];
  for (const key of readers) {
    const space = valueSpace(key, fields, context.mentioned, context.now);
    states = states.flatMap((s) => space.map((v) => (v === '' ? s : { ...s, [key]: v })));
    if (states.length > MAX_STATES) return undefined;
  }
  return states;
}

function report(
  field: PageField,
  file: SourceFile,
  page: PageDefinition,
  schema: SourceFile,
  answers: Answers,
  readers: string[],
  verdict: { marked: boolean; empty: boolean; missing: boolean },
  findings: Findings,
): void {
  const { key } = field;
  const when = readers.length
    ? `When ${readers.map((r) => `${r} is ${answers[r] ? JSON.stringify(answers[r]) : 'empty'}`).join(' and ')}, `
    : '';
  const schemaPointer = schemaPlace(schema.json, key);
  const pagePointer =
    field.question.required !== undefined && field.owner === field.question
      ? `${field.pointer}/required`
      : field.pointer;
  const schemaAt = locate(schema, schemaPointer, true);
  const pageAt = locate(file, pagePointer);
  const quoted = `"${key}"`;
  const says =
    verdict.empty && verdict.missing
      ? `requires ${quoted}`
      : verdict.empty
        ? `requires ${quoted} only once emptied (an answer never given passes)`
        : verdict.missing
          ? `requires ${quoted} only while never answered (an emptied answer passes)`
          : `does not require ${quoted}`;
  const pageSays = verdict.marked ? `marks ${quoted} required` : `does not mark ${quoted} required`;
  const fix = 'Make the question\'s "required" (or "condition") and the rule\'s "if" say the same.';
  findings.error(
    'condition-disagrees',
    file,
    pagePointer,
    `${when}page "${page.id}" ${pageSays}, but ${schema.path}:${schemaAt.line}:${schemaAt.column} ${says}. ${fix}`,
  );
  findings.error(
    'condition-disagrees',
    schema,
    schemaPointer,
    `${when}this schema ${says}, but ${file.path}:${pageAt.line}:${pageAt.column} ${pageSays}. ${fix}`,
    true,
  );
}

/** Where the schema rules on a key: a conditional rule first, else any, else the schema itself. */
function schemaPlace(schema: unknown, key: string): string {
  const places = schemaKeys(schema).filter((k) => k.key === key);
  const conditional = places.find((p) => /\/(then|else|dependentSchemas)\//.test(p.pointer));
  return (conditional ?? places[0])?.pointer ?? '';
}
