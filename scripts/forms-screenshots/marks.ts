/**
 * Which questions an image outlines and where the page draws them: forms:diff names the changed
 * answer keys; a key's question is found in the applicant's view by the id its component gives
 * its frame (the answer key, or for a block asking several answers, the block's own id, so that
 * the whole block is outlined), and in the specification sheet by its JSON pointer. A changed
 * question a condition hides is shown by setting the preview's branch switches to values that
 * make it show.
 */
import type { Answers, Question } from '../../src/engine/definitions';
import { conditionKeys } from '../../src/engine/conditions';
import type { PageField } from '../../src/engine/page-fields';
import { clearHidden, conditionsHold } from '../../src/engine/visibility';
import type { BranchSwitch } from '../../src/client/preview/preview-state';
import type { Change } from '../forms-diff/compare';
import type { Definitions } from '../forms-diff/definition-files';
import { readPages } from '../forms-diff/read-pages';

/** A question to outline: where each view draws it, and the word on its badge. */
export interface Mark {
  /** The changed answer keys the question asks (several for a block: an address's parts). */
  keys: string[];
  note: string;
  /** The sheet's element for the question. */
  pointer: string;
  /** Element ids to look for in the applicant's view, the whole block's first. */
  ids: string[];
  field: PageField;
}

const note = (c: Change) => (c.kind === 'added' || c.kind === 'removed' ? c.kind : 'changed');

/**
 * The id of the element a block question draws around all its answers (address-question.tsx,
 * checkbox-group-question.tsx); none for a question whose frame is its one answer's.
 */
function blockId(owner: Question): string | undefined {
  if (owner.type === 'address') return `${owner.prefix}address`;
  if (owner.type === 'checkbox-group') return owner.id ?? `${owner.items[0]?.key ?? 'group'}-group`;
  return undefined;
}

/** The changed questions of a page as one side's files have them (first change names each). */
export function marksOf(defs: Definitions, pageId: string, changes: readonly Change[]): Mark[] {
  const fields = readPages(defs).get(pageId)?.fields;
  const out = new Map<string, Mark>();
  for (const c of changes) {
    const found = c.key === undefined ? undefined : fields?.get(c.key);
    if (!found) continue;
    const { field } = found;
    const block = blockId(field.owner);
    // One outline per block: its other changed answers join the first one's mark.
    const same = out.get(block ?? c.key!);
    if (same) {
      if (!same.keys.includes(c.key!)) same.keys.push(c.key!);
      continue;
    }
    // Inside an add-another the written key has `{n}`; block 1's field has the drawn key.
    const ids = block ? [block, field.key] : [field.key];
    out.set(block ?? c.key!, { keys: [c.key!], note: note(c), pointer: field.pointer, ids, field });
  }
  return [...out.values()];
}

const shows = (mark: Mark, page: Parameters<typeof clearHidden>[0], answers: Answers) =>
  conditionsHold(mark.field, clearHidden(page, answers));

/** Every way to give `keys` one of their switch values each, at most `limit` of them. */
function* combinations(
  keys: readonly string[],
  values: ReadonlyMap<string, readonly string[]>,
  limit: number,
): Generator<Answers> {
  let count = 0;
  function* walk(i: number, partial: Answers): Generator<Answers> {
    if (count >= limit) return;
    if (i === keys.length) {
      count++;
      yield partial;
      return;
    }
    for (const value of values.get(keys[i]!) ?? [])
      yield* walk(i + 1, { ...partial, [keys[i]!]: value });
  }
  yield* walk(0, {});
}

/**
 * Answers for the preview's switches under which as many marks as possible show: mark by mark,
 * the first choice of its conditions' switches that shows it and hides none shown before. Marks
 * that need contradictory answers stay hidden (the caller reports them as not outlined).
 */
export function branchAnswers(
  page: Parameters<typeof clearHidden>[0],
  marks: readonly Mark[],
  branches: readonly BranchSwitch[],
): Answers {
  const values = new Map(branches.map((b) => [b.key, b.values.map((v) => v.value)]));
  let answers: Answers = {};
  const shown: Mark[] = [];
  for (const mark of marks) {
    if (shows(mark, page, answers)) {
      shown.push(mark);
      continue;
    }
    const keys = [...new Set(mark.field.conditions.flatMap(conditionKeys))].filter((k) =>
      values.has(k),
    );
    // A page's conditions read few answers with few values; the limit bounds a pathological one.
    for (const choice of combinations(keys, values, 500)) {
      const next = { ...answers, ...choice };
      if (shows(mark, page, next) && shown.every((m) => shows(m, page, next))) {
        answers = next;
        shown.push(mark);
        break;
      }
    }
  }
  return answers;
}
