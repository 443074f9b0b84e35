/**
 * The rule and message changes of one answer key, read from its schema's entries on both sides
 * (key-rules.ts), told in words with whether existing drafts are affected.
 */
import { schemaKeys } from '../forms-check/schema-keys';
import type { SourceFile } from '../forms-check/source-file';
import { entryChanges, keyRules, type EntryChange, type KeyEntry } from './key-rules';
import type { PageChanges } from './page-changes';

const shownValue = (entry: KeyEntry) =>
  entry.value.length > 80 ? `${entry.value.slice(0, 77)}…` : entry.value;
const whereText = (entry: KeyEntry) => (entry.where ? ` (${entry.where})` : '');

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
