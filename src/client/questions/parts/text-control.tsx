import type { ReactNode } from 'react';
import type { Variant } from '../../../engine/definitions';
import { FieldFrame, inputAria, inputClass, inputId } from './field-frame';
import type { KeyedField } from './use-keyed-field';

/** What the control gives its cell: the input's id, name, class and ARIA ties to the frame. */
export type CellInput = ReturnType<typeof inputAria> & {
  id: string;
  name: string;
  className: string;
};

interface TextControlProps {
  field: KeyedField;
  help: string | undefined;
  variant: Variant | undefined;
  /** The cell: draws the input from the props the frame ties to its label, hint and error. */
  children: (input: CellInput) => ReactNode;
}

/**
 * The control of a one-input question (JSON Forms' control/cell split): hidden while the engine
 * hides the field, otherwise the frame (label, hint, error, help, described-by ids) around the
 * input its cell draws. Text, password, SSN, phone, date and text area share it.
 */
export function TextControl({ field, help, variant, children }: TextControlProps) {
  const { view } = field;
  if (!view.visible) return null;
  const id = inputId(view.key);
  return (
    <FieldFrame view={view} labelFor={id} help={help}>
      {children({ id, name: view.key, className: inputClass(variant), ...inputAria(view) })}
    </FieldFrame>
  );
}
