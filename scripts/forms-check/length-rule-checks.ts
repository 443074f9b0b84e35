/**
 * A question that lets the applicant type past its limit (`maxLengthMode: "show-message"`) relies
 * on its page schema's maxLength rule to tell them: without the rule nothing would, and with
 * another number the question's limit (a text area's counter) and the message would disagree.
 */
import type { PageDefinition } from '../../src/engine/definitions';
import { pageFields } from '../../src/engine/page-fields';
import { defaultMaxLength } from '../../src/engine/question-types';
import type { Findings } from './findings';
import type { SourceFile } from './source-file';

type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reports show-message questions whose page schema has no maxLength rule, or another number. */
export function checkLengthRules(
  pageFile: SourceFile,
  schemaFile: SourceFile,
  findings: Findings,
): void {
  const page = pageFile.json as PageDefinition;
  const rules = maxLengthRules(schemaFile.json);
  const seen = new Set<string>();
  for (const field of pageFields(page)) {
    const { question } = field;
    if (question.maxLengthMode !== 'show-message' || seen.has(field.pointer)) continue;
    seen.add(field.pointer);
    const limit = question.maxLength ?? defaultMaxLength(question.type);
    const found = rules.get(question.key) ?? [];
    const at = `${field.pointer}/maxLengthMode`;
    const lets = `"${question.key}" lets the applicant type past ${limit} characters (maxLengthMode "show-message")`;
    if (found.length === 0)
      findings.error(
        'length-rule',
        pageFile,
        at,
        `${lets}, but ${schemaFile.path} has no maxLength rule for it, so no message would tell them: add one with its message.`,
      );
    else if (!found.includes(limit ?? NaN))
      findings.error(
        'length-rule',
        pageFile,
        at,
        `${lets}, but the maxLength rule for it in ${schemaFile.path} says ${found.join(', ')}: make them the same, so the question's limit and the rule's message agree.`,
      );
  }
}

/** Key → every maxLength a `properties` entry anywhere in the schema gives it. */
function maxLengthRules(schema: unknown): Map<string, number[]> {
  const rules = new Map<string, number[]>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    if (!isNode(node)) return;
    if (isNode(node.properties))
      for (const [key, rule] of Object.entries(node.properties))
        if (isNode(rule) && typeof rule.maxLength === 'number')
          rules.set(key, [...(rules.get(key) ?? []), rule.maxLength]);
    Object.values(node).forEach(visit);
  };
  visit(schema);
  return rules;
}
