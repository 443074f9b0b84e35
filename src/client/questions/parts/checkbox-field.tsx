import type { FieldView } from '../../../engine/field-view';
import { checkMark } from '../../../engine/read-only-text';
import { HintAndError, inputAria, inputId, ReadOnlyField, RequiredMark } from './field-frame';

interface CheckboxFieldProps {
  view: FieldView;
  /** 'true' when ticked (SPEC data model: checkboxes are 'true' or 'false'). */
  value: string;
  set: (value: string) => void;
  readOnly: boolean;
}

/** One box and its label; the read-only view prints [X] or [ ] (SPEC §6). */
export function CheckboxField({ view, value, set, readOnly }: CheckboxFieldProps) {
  const checked = value === 'true';
  if (readOnly)
    return <ReadOnlyField id={view.key} label="" value={`${checkMark(checked)} ${view.label}`} />;
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
