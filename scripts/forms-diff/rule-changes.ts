/**
 * The rule and message changes of one answer key, read from its schema's entries on both sides
 * (key-rules.ts), told in words with whether existing drafts are affected, each placed on its
 * entry in the newer schema.
 */
import { schemaKeys } from '../forms-check/schema-keys';
import type { SourceFile } from '../forms-check/source-file';
import { schemaConditionText } from './condition-text';
import { entryChanges, keyRules, type EntryChange, type KeyEntry } from './key-rules';
import type { PageChanges } from './page-changes';
import type { Vocabulary } from './vocabulary';

// Whole, however long: a reviewer judges the sentence an applicant will read.
const shownValue = (entry: KeyEntry) => entry.value;
const whereText = (entry: KeyEntry) => (entry.whereWords ? ` (${entry.whereWords})` : '');

/** Whose drafts a key's rules can touch, and the words of each side's conditions. */
export interface RuleContext {
  /** false for the account schemas (sign-up, login…), which hold no drafts. */
  drafts: boolean;
  /** The key no page asked before: no draft can hold an answer to it. */
  newKey: boolean;
  before: Vocabulary;
  after: Vocabulary;
}

/**
 * Rule and message changes of one key. Entries added or removed under the same condition are
 * told together (`rules added (if phone_mobile): type "string", minLength 1, required`), and
 * messages with the same text once for all the keywords they cover.
 */
export function ruleChanges(
  key: string,
  label: string | undefined,
  before: unknown,
  after: unknown,
  out: PageChanges,
  fallback: SourceFile,
  context: RuleContext,
): void {
  const b = keyRules(before, key, (s) => schemaConditionText(s, context.before));
  const a = keyRules(after, key, (s) => schemaConditionText(s, context.after));
  const keyPointer = schemaKeys(after).find((k) => k.key === key)?.pointer;
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
    const { drafts, newKey } = context;
    out.add(
      {
        kind,
        key,
        label,
        text,
        affected: drafts && stricter && !newKey ? 'some' : 'no',
        drafts: !drafts
          ? 'no: not a form page (no drafts)'
          : !stricter
            ? 'no'
            : newKey
              ? 'no: a new question, no draft has answered it'
              : keywords.includes('required')
                ? 'drafts that left it empty are stopped at Submit'
                : 'drafts whose answer the rule now refuses are stopped at Submit',
      },
      fallback,
      // A removed entry: where it was, or the nearest enclosing part still there.
      { schema: first.after?.pointer ?? first.before?.pointer ?? keyPointer },
    );
  }
}
