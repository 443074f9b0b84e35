/**
 * The service user's read-only, PDF-like view (SPEC §6): boxes as [X] and [ ], an address or
 * school on one line (the school's CEEB code in brackets), a chosen option by its display text.
 */
import type { AddressQuestion, Answers, OptionSource, SchoolSearchQuestion } from './definitions';
import { optionLabel, type ListLabels } from './option-lists';
import { blockParts } from './page-fields';
import { descKey } from './visibility';

/** A checkbox as the read-only view prints it. */
export const checkMark = (checked: boolean): string => (checked ? '[X]' : '[ ]');

/**
 * A chosen option's display text: its label in the options given (the reader's language: English
 * for staff, the applicant's for the PDF), else the stored `_desc` (written in the language the
 * applicant chose it in, issue 40; or an option since removed), else the raw value.
 */
export function optionText(
  key: string,
  answers: Answers,
  options?: OptionSource,
  now?: Date,
  /** The named lists' labels in the reader's language (countries, months); English without. */
  listLabels?: ListLabels,
): string {
  const value = answers[key] ?? '';
  if (value === '') return '';
  const label = (options && optionLabel(options, value, { answers, now, listLabels })) || '';
  return label || answers[descKey(key)] || value;
}

/**
 * An address or school block on one line: "Lincoln High School (141234), 1 Main St, Springfield,
 * IL 62701, United States". Empty parts are left out.
 */
export function blockLine(
  block: AddressQuestion | SchoolSearchQuestion,
  answers: Answers,
  now?: Date,
  listLabels?: ListLabels,
): string {
  const parts = new Map(blockParts(block).map((part) => [part.part as string, part]));
  const value = (part: string) => {
    const p = parts.get(part);
    if (!p) return '';
    return p.question.options
      ? optionText(p.key, answers, p.question.options, now, listLabels)
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
