/**
 * What a chosen lookup result fills in (SPEC §7 "/lookup/find … fields are copied into the
 * answers"): the parts of an address or school-search block, with the `_desc` of the country and
 * state selects. The country comes first, because changing it clears the state.
 */
import {
  addressParts,
  type AddressQuestion,
  type Answers,
  type SchoolSearchQuestion,
} from './definitions';
import { optionLabel } from './option-lists';
import { blockParts } from './page-fields';

/** One answer to set, with its display text when it is a chosen option. */
export interface AnswerChange {
  key: string;
  value: string;
  desc?: string;
}

export type LookupBlock = AddressQuestion | SchoolSearchQuestion;

// A school's name and code, then the address parts: addressParts starts with the country.
const order = ['country', 'name', 'ceeb', ...addressParts.slice(1)] as const;

/**
 * The parts a lookup result may fill, by name: the wire's lookup record (src/contract/lookup.ts)
 * is one, said here in the engine's own terms because the engine imports nothing above it.
 */
export type LookupFields = Partial<Record<(typeof order)[number], string>>;

/** The answers a lookup record sets on a block; a select part keeps only a value it lists. */
export function lookupAnswers(
  block: LookupBlock,
  record: LookupFields,
  now?: Date,
): AnswerChange[] {
  const parts = new Map(blockParts(block).map((part) => [part.part as string, part]));
  const answers: Answers = {};
  const changes: AnswerChange[] = [];
  for (const name of order) {
    const part = parts.get(name);
    if (!part) continue;
    const raw = record[name] ?? '';
    const { options } = part.question;
    if (options === undefined) {
      changes.push({ key: part.key, value: raw });
    } else {
      const desc = optionLabel(options, raw, { answers, now });
      changes.push({ key: part.key, value: desc ? raw : '', desc });
    }
    answers[part.key] = changes[changes.length - 1]!.value;
  }
  return changes;
}

/**
 * When the detail call fails, the chosen suggestion's text becomes the value (SPEC §8): the
 * school's name (its code unknown), or the first address line.
 */
export function fallbackAnswers(block: LookupBlock, text: string): AnswerChange[] {
  const parts = new Map(blockParts(block).map((part) => [part.part as string, part.key]));
  const first = parts.get(block.type === 'school-search' ? 'name' : 'address_line_1');
  const changes: AnswerChange[] = first ? [{ key: first, value: text }] : [];
  const ceeb = parts.get('ceeb');
  if (ceeb) changes.push({ key: ceeb, value: '' });
  return changes;
}

/** The key the block's search box writes: the school name, or the first address line. */
export function searchKey(block: LookupBlock): string {
  const part = block.type === 'school-search' ? 'name' : 'address_line_1';
  return blockParts(block).find((p) => p.part === part)?.key ?? `${block.prefix}${part}`;
}
