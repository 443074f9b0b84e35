/**
 * A condition compares an answer with a value its question offers: a target no option has (the
 * "MUSI" typo for "MUS") never holds, so the question it guards never shows or is never required.
 * Checked in the pages' conditions and in the schemas' `if`s, naming the nearest option.
 */
import type { PageDefinition } from '../../src/engine/definitions';
import { walkDefinition } from '../../src/engine/walk-definition';
import { conditionRules, offeredValues, optionWords } from './controller-values';
import type { Findings } from './findings';
import type { PageInput } from './key-checks';
import { nearest } from './nearest';
import { locate, toPointer, type SourceFile } from './source-file';
import type { PageField } from '../../src/engine/page-fields';

type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Controller {
  field: PageField;
  file: SourceFile;
}

const compared = new Set(['equals', 'notEquals', 'in', 'notIn']);

/** Reports every compared value no option of the compared question has. */
export function checkConditionTargets(
  inputs: readonly PageInput[],
  controllers: ReadonlyMap<string, Controller>,
  now: Date,
  findings: Findings,
): void {
  const report = (key: string, value: unknown, file: SourceFile, pointer: string, what: string) => {
    const controller = controllers.get(key.replaceAll('{n}', '1'));
    if (!controller) return;
    const { question } = controller.field;
    const offered = offeredValues(question, now);
    if (!offered || offered.includes(String(value))) return;
    const where = locate(controller.file, controller.field.pointer);
    const guess = nearest(String(value), offered);
    const hint =
      guess !== undefined
        ? ` Did you mean ${optionWords(question, guess)}?`
        : offered.length <= 12
          ? ` It offers ${offered.map((v) => optionWords(question, v)).join(', ')}.`
          : '';
    findings.error(
      'condition-target',
      file,
      pointer,
      `${what} compares "${key}" with ${JSON.stringify(value)}, which its question (${controller.file.path}:${where.line}:${where.column}) does not offer, so it never matches.${hint}`,
    );
  };
  for (const { file, page, schema } of inputs) {
    walkConditions(page, (condition, pointer) => {
      for (const { rule, pointer: at } of conditionRules(condition)) {
        if (!compared.has(rule.operator) || rule.target === undefined) continue;
        const targets = Array.isArray(rule.target) ? rule.target : [rule.target];
        targets.forEach((t, i) => {
          const p = `${pointer}${at}/target${Array.isArray(rule.target) ? `/${i}` : ''}`;
          report(rule.valueKey, t, file, p, 'The condition');
        });
      }
    });
    if (schema) {
      schemaIfValues(schema.json, [], (key, value, path) =>
        report(key, value, schema, toPointer(path), 'The rule\'s "if"'),
      );
    }
  }
}

/** Every condition of a page (sections', questions' and conditional `required`s), with its pointer. */
function walkConditions(
  page: PageDefinition,
  visit: (condition: Parameters<typeof conditionRules>[0], pointer: string) => void,
): void {
  walkDefinition(page, {
    section(section, pointer) {
      if (section.condition) visit(section.condition, `${pointer}/condition`);
    },
    question({ question, pointer }) {
      if (question.condition) visit(question.condition, `${pointer}/condition`);
      if ('required' in question && typeof question.required === 'object')
        visit(question.required, `${pointer}/required`);
    },
  });
}

/** Each `const` and `enum` value an `if` compares a top-level answer with, and where. */
function schemaIfValues(
  node: unknown,
  path: Array<string | number>,
  found: (key: string, value: unknown, path: Array<string | number>) => void,
): void {
  if (Array.isArray(node)) node.forEach((n, i) => schemaIfValues(n, [...path, i], found));
  if (!isNode(node)) return;
  const test = node.if;
  if (isNode(test) && isNode(test.properties)) {
    for (const [key, rule] of Object.entries(test.properties)) {
      if (!isNode(rule)) continue;
      const at = [...path, 'if', 'properties', key];
      if ('const' in rule) found(key, rule.const, [...at, 'const']);
      if (Array.isArray(rule.enum)) rule.enum.forEach((v, i) => found(key, v, [...at, 'enum', i]));
    }
  }
  for (const [keyword, value] of Object.entries(node))
    if (typeof value === 'object') schemaIfValues(value, [...path, keyword], found);
}
