import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';

const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** The caret position just after the n-th digit of a formatted value. */
function caretAfterDigits(formatted: string, n: number): number {
  if (n <= 0) return formatted.search(/\d/) === -1 ? formatted.length : formatted.search(/\d/);
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!) && ++seen === n) return i + 1;
  }
  return formatted.length;
}

/** How an input event puts a whole text in at once rather than as typing does. */
const wholeInsertions = new Set([
  'insertReplacementText',
  'insertFromPaste',
  'insertFromDrop',
  'insertFromYank',
]);

/**
 * The text an input event put in whole, or null for typing and deleting: a browser's autofill
 * (an input event without an inputType, or insertReplacementText), a paste or a drop, a
 * keyboard's suggestion (insertText of more than one character). Without the inserted text on
 * the event, the input's new value is what came in.
 */
function insertedWhole(event: Event, value: string): string | null {
  const { inputType, data } = event as Partial<InputEvent>;
  if (!inputType) return value;
  if (wholeInsertions.has(inputType)) return data || value;
  if (inputType === 'insertText' && data && data.length > 1) return data;
  return null;
}

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

interface MaskedInputProps extends NativeProps {
  value: string;
  onChange: (formatted: string) => void;
  /** Formats digits as the applicant types (engine formatPhone, formatSsn). */
  format: (value: string) => string;
  /**
   * A text put in whole (insertedWhole), before it is formatted: true when the question took it
   * elsewhere or refused it, so the input keeps the value it had.
   */
  onInsertWhole?: (text: string) => boolean;
}

/**
 * A text input that formats digits as they are typed or pasted, keeping the caret after the
 * same digit; deleting a separator deletes the digit before it, so Backspace never sticks.
 */
export function MaskedInput({ value, onChange, format, onInsertWhole, ...rest }: MaskedInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current === null || !input) return;
    if (input.ownerDocument.activeElement === input)
      input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return (
    <input
      {...rest}
      ref={ref}
      value={value}
      onChange={(event) => {
        const input = event.target;
        const raw = input.value;
        const inserted = onInsertWhole && insertedWhole(event.nativeEvent, raw);
        if (inserted && onInsertWhole(inserted)) {
          // React will not re-render an unchanged value: put the one it had back ourselves.
          input.value = value;
          return;
        }
        const at = input.selectionStart ?? raw.length;
        let digits = digitsOf(raw);
        let before = digitsOf(raw.slice(0, at)).length;
        if (raw.length < value.length && digits === digitsOf(value) && before > 0) {
          digits = digits.slice(0, before - 1) + digits.slice(before);
          before -= 1;
        }
        const formatted = format(digits);
        // A format may drop a leading digit (the phone's country code 1): the caret follows.
        const kept = digitsOf(formatted);
        if (kept !== '' && !digits.startsWith(kept) && digits.slice(1).startsWith(kept))
          before = Math.max(0, before - 1);
        const position = caretAfterDigits(formatted, before);
        if (formatted === value) {
          // Nothing changes, so React will not re-render: put value and caret back ourselves.
          input.value = formatted;
          input.setSelectionRange(position, position);
          return;
        }
        caret.current = position;
        onChange(formatted);
      }}
    />
  );
}
