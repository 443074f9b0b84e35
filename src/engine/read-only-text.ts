/**
 * The service user's read-only, PDF-like view (SPEC §6): boxes as [X] and [ ], an address or
 * school on one line (the school's CEEB code in brackets), a chosen option by its display text.
 */
import type { AddressQuestion, Answers, OptionSource, SchoolSearchQuestion } from './definitions';
import { optionLabel } from './option-lists';
import { blockParts } from './page-fields';
import { descKey } from './visibility';

/** A checkbox as the read-only view prints it. */
export const checkMark = (checked: boolean): string => (checked ? '[X]' : '[ ]');

/**
 * A chosen option's display text: its stored `_desc`, else its label, else the raw value; with
 * `labelFirst`, its label in the options given (a translation's) before the stored `_desc`.
 */
export function optionText(
  key: string,
  answers: Answers,
  options?: OptionSource,
  now?: Date,
  labelFirst = false,
): string {
  const value = answers[key] ?? '';
  if (value === '') return '';
  const label = () => (options && optionLabel(options, value, { answers, now })) || '';
  const desc = answers[descKey(key)];
  if (labelFirst) return label() || desc || value;
  if (desc) return desc;
  return label() || value;
}

/**
 * An address or school block on one line: "Lincoln High School (141234), 1 Main St, Springfield,
 * IL 62701, United States". Empty parts are left out.
 */
export function blockLine(
  block: AddressQuestion | SchoolSearchQuestion,
  answers: Answers,
  now?: Date,
): string {
  const parts = new Map(blockParts(block).map((part) => [part.part as string, part]));
  const value = (part: string) => {
    const p = parts.get(part);
    if (!p) return '';
    return p.question.options
      ? optionText(p.key, answers, p.question.options, now)
      : (answers[p.key] ?? '').trim();
  };
  const state = parts.get('state') ? (answers[parts.get('state')!.key] ?? '') : '';
  const name = value('name');
  const ceeb = value('ceeb');
  const school = name && ceeb ? `${name} (${ceeb})` : name;
  const region = [state, value('zip')].filter(Boolean).join(' ');
  return [school, value('address_line_1'), value('address_line_2'), value('city'), region]
    .concat(value('country'))
    .filter(Boolean)
    .join(', ');
}
