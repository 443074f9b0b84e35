import { formatPhone, formatSsn } from '../../../engine/formatters';

/** What makes a masked-text question a phone or an SSN question: its format and its keyboard. */
export interface TextMask {
  /** Formats the digits as the applicant types or pastes (engine formatPhone, formatSsn). */
  format: (value: string) => string;
  type: 'tel' | 'text';
  inputMode: 'tel' | 'numeric';
  /** The autocomplete token when the definition sets none. */
  autoComplete: string;
  spellCheck?: boolean;
  /**
   * A pasted text the format would cut rather than keep (an international number in a U.S.
   * phone field): the question moves it to a question made for it, or refuses it, never cuts it.
   */
  cuts?: (pasted: string) => boolean;
  /** The autocomplete token of the question on the same page that takes what this one cuts. */
  elsewhere?: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A number with a country code other than North America's 1 ("+44 20 7946 0958", "0044 …",
 * "011 44 …"), or more digits than a North American number holds: formatPhone would keep ten
 * of its digits and drop the rest without a word.
 */
export function isInternationalNumber(pasted: string): boolean {
  const text = pasted.trim();
  const digits = digitsOf(text);
  if (digits.length === 0) return false;
  const dialled = /^\+/.test(text)
    ? digits
    : /^(00|011)/.exec(digits)
      ? digits.replace(/^(00|011)/, '')
      : null;
  if (dialled !== null) return !dialled.startsWith('1') || dialled.length > 11;
  return digits.length > 11 || (digits.length === 11 && !digits.startsWith('1'));
}

/** A North American phone number, formatted (ddd) ddd-dddd while typing (SPEC §4). */
export const phoneMask: TextMask = {
  format: formatPhone,
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel-national',
  cuts: isInternationalNumber,
  // The full number with its country code is what autocomplete "tel" names (HTML's tokens).
  elsewhere: 'tel',
};

/** A social-security-style number, formatted 3-2-4 digits with dashes while typing (SPEC §4). */
export const ssnMask: TextMask = {
  format: formatSsn,
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'off',
  spellCheck: false,
};
