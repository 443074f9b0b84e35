/**
 * forms:diff as a library: compares two sets of definitions page by page and says, for each
 * change, whether applicants' existing drafts are affected. Pages are read through the engine's
 * fields (page-fields.ts, built on the one definition walk), so a question's conditions are the
 * very ones that decide whether it shows, enclosing sections and branches included.
 */
import { allConditionsWords } from '../../src/engine/condition-words';
import { evaluateCondition } from '../../src/engine/conditions';
import type {
  Condition,
  KeyedQuestion,
  OptionItem,
  OptionSource,
  PageDefinition,
  Section,
} from '../../src/engine/definitions';
import { resolveOptions } from '../../src/engine/option-lists';
import { pageFields, type PageField } from '../../src/engine/page-fields';
import { pageSchemaName, schemaKind } from '../forms-check/project';
import { schemaKeys } from '../forms-check/schema-keys';
import { locate, type SourceFile } from '../forms-check/source-file';
import type { Definitions } from './definition-files';
import { entryChanges, keyRules, type EntryChange, type KeyEntry } from './key-rules';

type ChangeKind =
  | 'page added'
  | 'page removed'
  | 'added'
  | 'removed'
  | 'moved'
  | 'label'
  | 'options'
  | 'condition'
  | 'required'
  | 'rule'
  | 'message';

/** Whether existing drafts are affected: every draft, some drafts, or none. */
type Affected = 'yes' | 'some' | 'no';

export interface Change {
  kind: ChangeKind;
  /** The answer key the change is about, if any. */
  key?: string;
  /** The question's label (as it is now, or was when removed). */
  label?: string;
  text: string;
  affected: Affected;
  /** Which drafts and how, in words. */
  drafts: string;
  /** Where to look in the new files (the file as of the newer side). */
  file: string;
  line: number;
  column: number;
}

interface PageReport {
  /** The page id, or the schema file name for schemas without a page (sign-up, login…). */
  id: string;
  title: string;
  changes: Change[];
}

export interface DiffReport {
  before: string;
  after: string;
  pages: PageReport[];
}

interface Page {
  file: SourceFile;
  definition: PageDefinition;
  /** Fields once each: add-another questions as block 1, named as written (`{n}` kept). */
  fields: Map<string, Field>;
  schema?: SourceFile;
}

interface Field {
  field: PageField;
  section: string;
  index: number;
}

const isPage = (json: unknown): json is PageDefinition =>
  typeof json === 'object' &&
  json !== null &&
  Array.isArray((json as PageDefinition).sections) &&
  typeof (json as PageDefinition).id === 'string';

/** The key as the author wrote it: inside an add-another, `{n}` rather than the block number. */
function writtenKey(field: PageField): string {
  if (!field.instance) return field.key;
  const owner = field.owner;
  return 'key' in owner && typeof owner.key === 'string' ? owner.key : field.key;
}

function readPages(defs: Definitions): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (const file of defs.pages.values()) {
    if (!isPage(file.json)) continue;
    const definition = file.json;
    const fields = new Map<string, Field>();
    for (const field of pageFields(definition)) {
      if (field.instance && field.instance.n > 1) continue;
      const key = writtenKey(field);
      if (!fields.has(key)) fields.set(key, { field, section: field.section, index: fields.size });
    }
    const schema = defs.schemas.get(pageSchemaName(definition.id));
    pages.set(definition.id, { file, definition, fields, schema });
  }
  return pages;
}

/** Keys in both lists that are not in their longest common order: the ones that moved. */
function movedKeys(before: string[], after: string[]): Set<string> {
  const common = new Set(before.filter((k) => after.includes(k)));
  const a = before.filter((k) => common.has(k));
  const b = after.filter((k) => common.has(k));
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return new Set(a.filter((k) => !kept.has(k)));
}

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

/** The newer side of a page, or of a schema without a page (no file, no fields). */
interface NewerSide {
  file?: SourceFile;
  sections?: readonly Section[];
  fields: Map<string, Field>;
  schema?: SourceFile;
}

class PageChanges {
  readonly changes: Change[] = [];
  constructor(private readonly after: NewerSide | undefined) {}

  /** Where a change shows in the newer files: the question, else its schema entry, else line 1. */
  private place(
    key?: string,
    schemaPointer?: string,
    section?: string,
  ): { file: SourceFile; pointer: string } | undefined {
    const field = key === undefined ? undefined : this.after?.fields.get(key);
    if (field && this.after?.file) return { file: this.after.file, pointer: field.field.pointer };
    const s = this.after?.sections?.findIndex((each) => each.id === section) ?? -1;
    if (s >= 0 && this.after?.file) return { file: this.after.file, pointer: `/sections/${s}` };
    if (schemaPointer !== undefined && this.after?.schema)
      return { file: this.after.schema, pointer: schemaPointer };
    const file = this.after?.file ?? this.after?.schema;
    return file && { file, pointer: '' };
  }

  /** Adds a change; a removed question is placed at its section, if the section is still there. */
  add(
    change: Omit<Change, 'file' | 'line' | 'column'>,
    fallback: SourceFile,
    pointer?: string,
    section?: string,
  ) {
    const where = this.place(change.key, pointer, section) ?? { file: fallback, pointer: '' };
    const { line, column } = locate(where.file, where.pointer, where.file !== this.after?.file);
    this.changes.push({ ...change, file: where.file.path, line, column });
  }
}

const quoted = (s: string | undefined) => (s === undefined ? '' : `"${s}"`);
const shownValue = (entry: KeyEntry) =>
  entry.value.length > 80 ? `${entry.value.slice(0, 77)}…` : entry.value;
const whereText = (entry: KeyEntry) => (entry.where ? ` (${entry.where})` : '');

/**
 * Rule and message changes of one key. Entries added or removed under the same condition are
 * told together (`rules added (if phone_mobile): type "string", minLength 1, required`), and
 * messages with the same text once for all the keywords they cover.
 */
function ruleChanges(
  key: string,
  label: string | undefined,
  before: unknown,
  after: unknown,
  out: PageChanges,
  fallback: SourceFile,
  drafts: boolean,
): void {
  const b = keyRules(before, key);
  const a = keyRules(after, key);
  const pointer = schemaKeys(after).find((k) => k.key === key)?.pointer;
  const groups = new Map<
    string,
    { kind: 'rule' | 'message'; state: string; changes: EntryChange[] }
  >();
  const collect = (kind: 'rule' | 'message', changes: EntryChange[]) => {
    for (const c of changes) {
      const entry = (c.after ?? c.before)!;
      const state = !c.before ? 'added' : !c.after ? 'removed' : 'changed';
      // Changed values stay one per keyword; messages group by text as well.
      const id = [
        kind,
        state,
        entry.where,
        kind === 'rule' && state === 'changed' ? entry.keyword : '',
        kind === 'message' ? `${c.before?.value}>${c.after?.value}` : '',
      ].join('|');
      const group = groups.get(id) ?? { kind, state, changes: [] };
      group.changes.push(c);
      groups.set(id, group);
    }
  };
  collect('rule', entryChanges(b.rules, a.rules));
  collect('message', entryChanges(b.messages, a.messages));
  for (const { kind, state, changes } of groups.values()) {
    const first = changes[0]!;
    const entry = (first.after ?? first.before)!;
    const where = whereText(entry);
    const keywords = changes.map((c) => (c.after ?? c.before)!.keyword);
    let text: string;
    if (kind === 'message') {
      const name = `message for ${keywords.join(', ')}${where}`;
      text =
        state === 'added'
          ? `${name} added: ${shownValue(first.after!)}`
          : state === 'removed'
            ? `${name} removed (was ${shownValue(first.before!)})`
            : first.before!.value === first.after!.value
              ? `${name}: its condition changed`
              : `${name}: ${shownValue(first.before!)} → ${shownValue(first.after!)}`;
    } else {
      const list = (side: 'before' | 'after') =>
        changes.map((c) => `${c[side]!.keyword} ${shownValue(c[side]!)}`).join(', ');
      text =
        state === 'added'
          ? `rules added${where}: ${list('after')}`
          : state === 'removed'
            ? `rules removed${where}: ${list('before')}`
            : first.before!.value === first.after!.value
              ? `rule ${entry.keyword}${where}: its condition changed`
              : `rule ${entry.keyword}${where}: ${shownValue(first.before!)} → ${shownValue(first.after!)}`;
    }
    const stricter = kind === 'rule' && state !== 'removed';
    out.add(
      {
        kind,
        key,
        label,
        text,
        affected: drafts && stricter ? 'some' : 'no',
        drafts: !drafts
          ? 'no: not a form page (no drafts)'
          : !stricter
            ? 'no'
            : keywords.includes('required')
              ? 'drafts that left it empty are stopped at Submit'
              : 'drafts whose answer the rule now refuses are stopped at Submit',
      },
      fallback,
      pointer,
    );
  }
}

function questionChanges(
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

function addedChange(
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

/** Compares two sets of definitions; `now` resolves named lists such as years. */
export function diffDefinitions(
  before: Definitions,
  after: Definitions,
  now = new Date(),
): DiffReport {
  const pb = readPages(before);
  const pa = readPages(after);
  const pageOf = (pages: Map<string, Page>, key: string) =>
    [...pages.values()].find((p) => p.fields.has(key))?.definition.id;
  const reports: PageReport[] = [];
  for (const id of [...new Set([...pa.keys(), ...pb.keys()])]) {
    const b = pb.get(id);
    const a = pa.get(id);
    const out = new PageChanges(a && { ...a, sections: a.definition.sections });
    const fallback = (a ?? b)!.file;
    if (!b)
      out.add(
        {
          kind: 'page added',
          text: `page added (step ${a!.definition.step}, ${a!.definition.route})`,
          affected: 'no',
          drafts: 'see its questions',
        },
        fallback,
      );
    if (!a)
      out.add(
        {
          kind: 'page removed',
          text: 'page removed',
          affected: 'some',
          drafts: 'drafts with answers on it: the answers are kept, no longer shown',
        },
        fallback,
      );
    const fb = b?.fields ?? new Map<string, Field>();
    const fa = a?.fields ?? new Map<string, Field>();
    for (const [key, f] of fa) {
      if (fb.has(key)) continue;
      const from = b ? pageOf(pb, key) : undefined;
      out.add(addedChange(key, f, from && from !== id ? from : undefined), fallback);
    }
    for (const [key, f] of fb) {
      if (fa.has(key)) continue;
      const to = pageOf(pa, key);
      if (to && to !== id) continue; // reported as moved on its new page
      out.add(
        {
          kind: 'removed',
          key,
          label: f.field.question.label,
          text: 'removed',
          affected: 'some',
          drafts: 'drafts that answered it: the answer is kept, no longer shown',
        },
        fallback,
        undefined,
        f.section,
      );
    }
    const moved = movedKeys([...fb.keys()], [...fa.keys()]);
    for (const [key, f] of fa) {
      const old = fb.get(key);
      if (!old) continue;
      if (old.section !== f.section)
        out.add(
          {
            kind: 'moved',
            key,
            label: f.field.question.label,
            text: `moved from section ${old.section} to ${f.section}`,
            affected: 'no',
            drafts: 'no',
          },
          fallback,
        );
      else if (moved.has(key))
        out.add(
          {
            kind: 'moved',
            key,
            label: f.field.question.label,
            text: `moved within section ${f.section} (now question ${f.index + 1} of the page)`,
            affected: 'no',
            drafts: 'no',
          },
          fallback,
        );
      questionChanges(key, old, f, now, out, fallback);
    }
    const keys = new Set([...fa.keys(), ...fb.keys()]);
    for (const s of [b?.schema?.json, a?.schema?.json])
      for (const k of schemaKeys(s)) keys.add(k.key);
    for (const key of keys)
      ruleChanges(
        key,
        (fa.get(key) ?? fb.get(key))?.field.question.label,
        b?.schema?.json,
        a?.schema?.json,
        out,
        fallback,
        true,
      );
    if (out.changes.length)
      reports.push({ id, title: (a ?? b)!.definition.title, changes: out.changes });
  }
  reports.push(...otherSchemas(before, after, new Set([...pa.keys(), ...pb.keys()])));
  return { before: before.label, after: after.label, pages: reports };
}

/** Schemas of no page (sign-up, login…): their rules and messages, per key. */
function otherSchemas(before: Definitions, after: Definitions, pageIds: Set<string>): PageReport[] {
  const reports: PageReport[] = [];
  const names = new Set([...before.schemas.keys(), ...after.schemas.keys()]);
  for (const name of names) {
    if (schemaKind(name) !== 'validation' || pageIds.has(name.replace(/\.schema\.json$/, '')))
      continue;
    const b = before.schemas.get(name);
    const a = after.schemas.get(name);
    const out = new PageChanges(a && { fields: new Map(), schema: a });
    const keys = new Set([...schemaKeys(b?.json), ...schemaKeys(a?.json)].map((k) => k.key));
    for (const key of keys) ruleChanges(key, undefined, b?.json, a?.json, out, (a ?? b)!, false);
    if (out.changes.length) reports.push({ id: name, title: name, changes: out.changes });
  }
  return reports;
}
