import type { FieldView } from '../../../engine/field-view';
import { HintAndError, inputAria, inputId, RequiredMark } from './field-frame';

interface CheckboxFieldProps {
  view: FieldView;
  /** 'true' when ticked (SPEC data model: checkboxes are 'true' or 'false'). */
  value: string;
  set: (value: string) => void;
}

/** One box and its label. */
export function CheckboxField({ view, value, set }: CheckboxFieldProps) {
  const checked = value === 'true';
  const id = inputId(view.key);
  return (
    <div
      id={view.key}
      className={view.errors.length ? 'question question--error choice' : 'question choice'}
    >
      <HintAndError view={view} />
      <input
        id={id}
        type="checkbox"
        className="choice__input"
        name={view.key}
        checked={checked}
        onChange={(event) => set(event.target.checked ? 'true' : 'false')}
        {...inputAria(view)}
      />
      <label className="choice__label" htmlFor={id}>
        {view.label}
        <RequiredMark required={view.required} />
      </label>
    </div>
  );
}
