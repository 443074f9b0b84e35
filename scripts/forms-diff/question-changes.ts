/**
 * The changes of one question between two sides (label, condition, required, options), and how a
 * question that is new to a page is told, each with whether existing drafts are affected and
 * placed on the line that changed. Conditions and options are told with the labels of each side.
 */
import { evaluateCondition } from '../../src/engine/conditions';
import type { Condition, KeyedQuestion } from '../../src/engine/definitions';
import type { PageField } from '../../src/engine/page-fields';
import type { SourceFile } from '../forms-check/source-file';
import { allConditionsText, conditionText } from './condition-text';
import type { Affected, Change, ChangeKind, Field, PageChanges } from './page-changes';
import { optionItems, optionName, type Vocabulary } from './vocabulary';

const quoted = (s: string | undefined) => (s === undefined ? '' : `"${s}"`);

/** The labels and options of each side, to tell conditions and options in words. */
export interface Sides {
  before: Vocabulary;
  after: Vocabulary;
  now: Date;
}

/** Whether a field shows on a blank draft: no condition hides it, first tab, first block. */
function shownByDefault(field: PageField): boolean {
  if (field.tab && field.tab.tab !== field.tab.defaultTab) return false;
  return field.conditions.every((c) => evaluateCondition(c, {}));
}

const shownText = (conditions: readonly Condition[], words: Vocabulary) =>
  conditions.length === 0 ? 'always shown' : `shown when ${allConditionsText(conditions, words)}`;

function requiredText(required: KeyedQuestion['required'], words: Vocabulary): string {
  if (required === undefined || required === false) return 'optional';
  if (required === true) return 'required';
  return `required when ${conditionText(required, words)}`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function questionChanges(
  key: string,
  b: Field,
  a: Field,
  sides: Sides,
  out: PageChanges,
  fallback: SourceFile,
): void {
  const qb = b.field.question;
  const qa = a.field.question;
  const label = qa.label;
  const at = a.field.pointer;
  const change = (
    kind: ChangeKind,
    text: string,
    affected: Affected,
    drafts: string,
    pointer = at,
  ) => out.add({ kind, key, label, text, affected, drafts }, fallback, { page: pointer });
  if (qb.label !== qa.label)
    change('label', `label ${quoted(qb.label)} → ${quoted(qa.label)}`, 'no', 'no', `${at}/label`);
  if (!same(b.field.conditions, a.field.conditions)) {
    const required = qa.required !== undefined && qa.required !== false;
    change(
      'condition',
      `${shownText(b.field.conditions, sides.before)} → ${shownText(a.field.conditions, sides.after)}`,
      'some',
      `drafts where it now hides lose its answer on their next save${required ? '; drafts where it now shows must answer it' : ''}`,
      qa.condition === undefined ? at : `${at}/condition`,
    );
  }
  if (!same(qb.required ?? false, qa.required ?? false)) {
    const looser = qa.required === undefined || qa.required === false;
    change(
      'required',
      `${requiredText(qb.required, sides.before)} → ${requiredText(qa.required, sides.after)}`,
      looser ? 'no' : 'some',
      looser ? 'no' : 'drafts where it is now required and left empty must answer it',
      looser ? at : `${at}/required`,
    );
  }
  optionChanges(qb, qa, sides.now, at, change);
}

type Told = (
  kind: ChangeKind,
  text: string,
  affected: Affected,
  drafts: string,
  at?: string,
) => void;

/** Options removed, relabelled, dated or added; each on its line, a removed one where it was. */
function optionChanges(
  qb: KeyedQuestion,
  qa: KeyedQuestion,
  now: Date,
  at: string,
  change: Told,
): void {
  const ob = optionItems(qb.options, now);
  const oa = optionItems(qa.options, now);
  const inline = Array.isArray(qa.options);
  const after = new Map(oa.map((o, i) => [o.value, { o, i }]));
  const line = (i: number) =>
    inline && oa.length > 0 ? `${at}/options/${Math.min(i, oa.length - 1)}` : `${at}/options`;
  ob.forEach((o, i) => {
    const n = after.get(o.value)?.o;
    const here = line(after.get(o.value)?.i ?? i);
    if (!n) {
      change(
        'options',
        `option ${optionName(o)} removed`,
        'some',
        `drafts that chose ${optionName(o)}`,
        here,
      );
      return;
    }
    if (n.label !== o.label)
      change(
        'options',
        `option ${o.value} relabelled ${quoted(o.label)} → ${quoted(n.label)}`,
        'some',
        `drafts that chose ${o.value} now read "${n.label}": check it means the same`,
        here,
      );
    if (n.starts !== o.starts)
      change(
        'options',
        `option ${optionName(n)} offered ${o.starts ? `until ${o.starts}` : 'always'} → ${n.starts ? `until ${n.starts}` : 'always'}`,
        n.starts ? 'some' : 'no',
        n.starts ? `drafts that chose ${optionName(n)}, from ${n.starts}` : 'no',
        here,
      );
  });
  const before = new Set(ob.map((o) => o.value));
  oa.forEach((o, i) => {
    if (!before.has(o.value))
      change('options', `option ${optionName(o)} added`, 'no', 'no', line(i));
  });
  const list = (q: KeyedQuestion) =>
    q.options === undefined || Array.isArray(q.options) ? '' : JSON.stringify(q.options);
  if (list(qb) !== list(qa))
    change(
      'options',
      `option list ${list(qb) || 'inline'} → ${list(qa) || 'inline'}`,
      'no',
      'no (removed options are listed above)',
      `${at}/options`,
    );
}

export function addedChange(
  key: string,
  f: Field,
  movedFrom: string | undefined,
  words: Vocabulary,
): Omit<Change, 'file' | 'line' | 'column'> {
  const q = f.field.question;
  const label = q.label;
  if (movedFrom)
    return {
      kind: 'moved',
      key,
      label,
      text: `moved here from page ${movedFrom}`,
      affected: 'no',
      drafts: 'no: answers are kept by key',
    };
  const required = q.required !== undefined && q.required !== false;
  const requiredNow =
    q.required === true || (typeof q.required === 'object' && evaluateCondition(q.required, {}));
  const text = `added (${requiredText(q.required, words)}, ${shownText(f.field.conditions, words)})`;
  const added = { kind: 'added' as const, key, label, text };
  if (!required) return { ...added, affected: 'no', drafts: 'no: optional' };
  if (shownByDefault(f.field) && requiredNow)
    return { ...added, affected: 'yes', drafts: 'every draft must answer it' };
  return {
    ...added,
    affected: 'some',
    drafts: 'drafts where it shows and is required must answer it',
  };
}
