/**
 * The changes of one question between two sides (label, condition, required, options), and how a
 * question that is new to a page is told, each with whether existing drafts are affected.
 */
import { allConditionsWords } from '../../src/engine/condition-words';
import { evaluateCondition } from '../../src/engine/conditions';
import type {
  Condition,
  KeyedQuestion,
  OptionItem,
  OptionSource,
} from '../../src/engine/definitions';
import { resolveOptions } from '../../src/engine/option-lists';
import type { PageField } from '../../src/engine/page-fields';
import type { SourceFile } from '../forms-check/source-file';
import type { Affected, Change, ChangeKind, Field, PageChanges } from './page-changes';

const quoted = (s: string | undefined) => (s === undefined ? '' : `"${s}"`);

/** Whether a field shows on a blank draft: no condition hides it, first tab, first block. */
function shownByDefault(field: PageField): boolean {
  if (field.tab && field.tab.tab !== field.tab.defaultTab) return false;
  return field.conditions.every((c) => evaluateCondition(c, {}));
}

const conditionText = (conditions: readonly Condition[]) =>
  conditions.length === 0 ? 'always shown' : `shown when ${allConditionsWords(conditions)}`;

function requiredText(required: KeyedQuestion['required']): string {
  if (required === undefined || required === false) return 'optional';
  if (required === true) return 'required';
  return `required when ${allConditionsWords([required])}`;
}

/** The options of a source as an author sees them: inline as written, named lists as of `now`. */
function optionItems(source: OptionSource | undefined, now: Date): OptionItem[] {
  if (source === undefined) return [];
  if (Array.isArray(source)) return source;
  if (typeof source === 'object' && 'byAnswer' in source) {
    const cases = Object.values(source.cases);
    if (source.default !== undefined) cases.push(source.default);
    const byValue = new Map(cases.flatMap((c) => optionItems(c, now)).map((o) => [o.value, o]));
    return [...byValue.values()];
  }
  return resolveOptions(source, { now }).filter((o) => o.value !== '');
}

export function questionChanges(
  key: string,
  b: Field,
  a: Field,
  now: Date,
  out: PageChanges,
  fallback: SourceFile,
): void {
  const qb = b.field.question;
  const qa = a.field.question;
  const label = qa.label;
  const change = (kind: ChangeKind, text: string, affected: Affected, drafts: string) =>
    out.add({ kind, key, label, text, affected, drafts }, fallback);
  if (qb.label !== qa.label)
    change('label', `label ${quoted(qb.label)} → ${quoted(qa.label)}`, 'no', 'no');
  const cb = conditionText(b.field.conditions);
  const ca = conditionText(a.field.conditions);
  if (cb !== ca) {
    const required = qa.required !== undefined && qa.required !== false;
    change(
      'condition',
      `${cb} → ${ca}`,
      'some',
      `drafts where it now hides lose its answer on their next save${required ? '; drafts where it now shows must answer it' : ''}`,
    );
  }
  const rb = requiredText(qb.required);
  const ra = requiredText(qa.required);
  if (rb !== ra) {
    const looser = ra === 'optional';
    change(
      'required',
      `${rb} → ${ra}`,
      looser ? 'no' : 'some',
      looser ? 'no' : 'drafts where it is now required and left empty must answer it',
    );
  }
  const ob = optionItems(qb.options, now);
  const oa = optionItems(qa.options, now);
  const before = new Map(ob.map((o) => [o.value, o]));
  const after = new Map(oa.map((o) => [o.value, o]));
  for (const [value, o] of before) {
    const n = after.get(value);
    if (!n)
      change(
        'options',
        `option ${quoted(value)} ${quoted(o.label)} removed`,
        'some',
        `drafts that chose "${value}"`,
      );
    else if (n.label !== o.label)
      change(
        'options',
        `option ${quoted(value)} relabelled ${quoted(o.label)} → ${quoted(n.label)}`,
        'no',
        'no',
      );
    if (n && n.starts !== o.starts)
      change(
        'options',
        `option ${quoted(value)} offered ${o.starts ? `until ${o.starts}` : 'always'} → ${n.starts ? `until ${n.starts}` : 'always'}`,
        n.starts ? 'some' : 'no',
        n.starts ? `drafts that chose "${value}", from ${n.starts}` : 'no',
      );
  }
  for (const [value, o] of after)
    if (!before.has(value))
      change('options', `option ${quoted(value)} ${quoted(o.label)} added`, 'no', 'no');
  const sb =
    qb.options === undefined || Array.isArray(qb.options) ? '' : JSON.stringify(qb.options);
  const sa =
    qa.options === undefined || Array.isArray(qa.options) ? '' : JSON.stringify(qa.options);
  if (sb !== sa)
    change(
      'options',
      `option list ${sb || 'inline'} → ${sa || 'inline'}`,
      'no',
      'no (removed options are listed above)',
    );
}

export function addedChange(
  key: string,
  f: Field,
  movedFrom: string | undefined,
): Omit<Change, 'file' | 'line' | 'column'> {
  const q = f.field.question;
  const label = q.label;
  const where = conditionText(f.field.conditions);
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
  const text = `added (${requiredText(q.required)}, ${where})`;
  if (!required) return { kind: 'added', key, label, text, affected: 'no', drafts: 'no: optional' };
  if (shownByDefault(f.field) && requiredNow)
    return {
      kind: 'added',
      key,
      label,
      text,
      affected: 'yes',
      drafts: 'every draft must answer it',
    };
  return {
    kind: 'added',
    key,
    label,
    text,
    affected: 'some',
    drafts: `drafts where it shows and is required must answer it`,
  };
}
