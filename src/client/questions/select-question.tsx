import { useState } from 'react';
import type { QuestionProps } from '../renderer/question-props';
import { FieldFrame, inputClass, inputId, labelId } from './parts/field-frame';
import { SelectBox } from './parts/select-box';
import { useKeyedField } from './parts/use-keyed-field';
import { useOptions } from './parts/use-options';

/**
 * A drop-down list with type-ahead; choosing stores the value and its label as `{key}_desc`.
 * A select whose list depends on another answer is cleared by the engine when that answer changes.
 * Closed and empty it draws '--', so a list of countries waits for its rows until the select is
 * focused or holds a value (parts/use-options.ts).
 */
export function SelectQuestion({ question }: QuestionProps<'select'>) {
  const { view, value, set } = useKeyedField(question.key);
  const [focused, setFocused] = useState(false);
  const options = useOptions(question.options, focused || value !== '');
  if (!view.visible) return null;
  return (
    <FieldFrame view={view} help={question.help}>
      <SelectBox
        id={inputId(question.key)}
        labelledBy={labelId(question.key)}
        options={options}
        value={value}
        onChange={(option) => set(option.value, option.value === '' ? '' : option.label)}
        onFocus={() => setFocused(true)}
        className={inputClass(question.variant)}
        describedBy={view.describedBy}
        invalid={view.errors.length > 0}
        required={view.required}
      />
    </FieldFrame>
  );
}
