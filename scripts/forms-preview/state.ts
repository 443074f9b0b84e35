/**
 * The applicant's view's data for one reload of forms:preview: the pages as written, forms:check's
 * findings (its own API, so the preview warns of exactly what the check reports) each placed on
 * the question it names, and for every condition of a page the answer it reads with the values
 * that answer can take, so the author can switch between a condition's branches.
 */
import path from 'node:path';
import { conditionKeys } from '../../src/engine/conditions';
import type { Condition, KeyedQuestion, PageDefinition } from '../../src/engine/definitions';
import { optionLabel } from '../../src/engine/option-lists';
import { pageFields, type PageField } from '../../src/engine/page-fields';
import { walkDefinition } from '../../src/engine/walk-definition';
import type {
  BranchSwitch,
  PreviewFinding,
  PreviewPage,
} from '../../src/client/preview/preview-state';
import { mentionedValues, offeredValues } from '../forms-check/controller-values';
import type { Finding } from '../forms-check/findings';
import { pageSchemaName } from '../forms-check/project';

interface PageSource {
  definition: PageDefinition;
  /** The page file's path as forms:check names it (e.g. `forms/about.json`). */
  file: string;
}

/** Every condition of a page: sections', questions' own, and required-when. */
function pageConditions(page: PageDefinition): Condition[] {
  const conditions: Condition[] = [];
  walkDefinition(page, {
    section: (section) => void (section.condition && conditions.push(section.condition)),
    question: ({ question }) => void (question.condition && conditions.push(question.condition)),
  });
  for (const field of pageFields(page)) {
    conditions.push(...field.conditions);
    if (typeof field.question.required === 'object') conditions.push(field.question.required);
  }
  return conditions;
}

const fixedLabels: Record<string, string> = {
  Y: 'Yes',
  N: 'No',
  true: 'checked',
  false: 'unchecked',
};

/** A typed answer's stand-in, for conditions that ask only whether it is answered. */
const SAMPLE = 'x';

function valueLabel(question: KeyedQuestion, value: string, now: Date): string {
  const options = 'options' in question ? question.options : undefined;
  const label = options ? optionLabel(options, value, { now }) : fixedLabels[value];
  if (value === SAMPLE && !label) return `an answer (${value})`;
  return label ? `${label} (${value})` : value;
}

/** The switches of a page: one per answer its conditions read, in the order first read. */
function branchSwitches(
  page: PageDefinition,
  fields: ReadonlyMap<string, PageField>,
  mentioned: ReadonlyMap<string, ReadonlySet<string>>,
  now: Date,
): BranchSwitch[] {
  const keys = [...new Set(pageConditions(page).flatMap(conditionKeys))];
  return keys.map((key) => {
    const question = fields.get(key)?.question;
    const compared = [...(mentioned.get(key) ?? [])].filter(Boolean);
    if (!question) {
      const values = compared.length ? compared : [SAMPLE];
      return { key, values: values.map((value) => ({ value, label: value })) };
    }
    const offered = offeredValues(question, now) ?? (compared.length ? [] : [SAMPLE]);
    const values = [...new Set([...offered, ...compared])];
    return {
      key,
      label: question.label ?? key,
      values: values.map((value) => ({ value, label: valueLabel(question, value, now) })),
    };
  });
}

const isPrefix = (of: string, pointer: string) => pointer === of || pointer.startsWith(`${of}/`);

/**
 * The question a finding applies to: in a page file, the innermost question whose pointer
 * encloses the finding's; in a page's schema (or the data model), the question of a key the
 * finding's pointer names.
 */
function placeFinding(finding: Finding, pages: readonly PageSource[]): PreviewFinding {
  const placed: PreviewFinding = {
    severity: finding.severity,
    check: finding.check,
    where: `${finding.file}:${finding.line}:${finding.column}`,
    message: finding.message,
  };
  const page = pages.find((p) => p.file === finding.file);
  if (page) {
    let best: string | undefined;
    walkDefinition(page.definition, {
      question: ({ pointer }) => {
        if (isPrefix(pointer, finding.pointer) && pointer.length > (best?.length ?? -1))
          best = pointer;
      },
    });
    return { ...placed, pageId: page.definition.id, questionPointer: best };
  }
  const schema = path.basename(finding.file);
  const segments = new Set(finding.pointer.split('/'));
  const candidates = pages.filter(
    (p) => schema === pageSchemaName(p.definition.id) || schema === 'answers.schema.json',
  );
  for (const candidate of candidates) {
    const field = pageFields(candidate.definition).find((f) => segments.has(f.key));
    if (field)
      return { ...placed, pageId: candidate.definition.id, questionPointer: field.pointer };
  }
  const own = pages.find((p) => schema === pageSchemaName(p.definition.id));
  return own ? { ...placed, pageId: own.definition.id } : placed;
}

/** The pages with their switches and validators, and every finding placed where it applies. */
export function previewContent(
  pages: readonly PageSource[],
  schemas: readonly unknown[],
  findings: readonly Finding[],
  validatorUrl: (pageId: string) => string | undefined,
  now: Date,
): { pages: PreviewPage[]; findings: PreviewFinding[] } {
  const definitions = pages.map((p) => p.definition);
  const fields = new Map<string, PageField>();
  for (const definition of definitions)
    for (const field of pageFields(definition))
      if (!fields.has(field.key)) fields.set(field.key, field);
  const mentioned = mentionedValues(definitions, schemas).values;
  return {
    pages: [...definitions]
      .sort((a, b) => a.step - b.step)
      .map((definition) => ({
        definition,
        branches: branchSwitches(definition, fields, mentioned, now),
        validator: validatorUrl(definition.id),
      })),
    findings: findings.map((finding) => placeFinding(finding, pages)),
  };
}
