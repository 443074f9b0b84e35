import type { ReactNode } from 'react';
import type { Variant } from '../../../engine/definitions';
import type { FieldView } from '../../../engine/field-view';
import { FieldFrame, inputAria, inputClass, inputId } from './field-frame';

/**
 * What the control gives its cell: the input's id, name, class, ARIA ties to the frame, and the
 * character limit where typing stops (none when the question shows a message instead).
 */
type CellInput = ReturnType<typeof inputAria> & {
  id: string;
  name: string;
  className: string;
  maxLength: number | undefined;
};

interface TextControlProps {
  view: FieldView;
  help?: string | undefined;
  variant: Variant | undefined;
  /** The cell: draws the input from the props the frame ties to its label, hint and error. */
  children: (input: CellInput) => ReactNode;
}

/**
 * The control of a one-input question (JSON Forms' control/cell split): hidden while the engine
 * hides the field, otherwise the frame (label, hint, error, help, described-by ids) around the
 * input its cell draws. The text, password, SSN, phone, date and text area questions share it,
 * as do the address line and the school search box.
 */
export function TextControl({ view, help, variant, children }: TextControlProps) {
  if (!view.visible) return null;
  const id = inputId(view.key);
  return (
    <FieldFrame view={view} labelFor={id} help={help}>
      {children({
        id,
        name: view.key,
        className: inputClass(variant),
        maxLength: view.maxLength,
        ...inputAria(view),
      })}
    </FieldFrame>
  );
}
