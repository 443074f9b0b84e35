import { defaultMaxLength } from '../../engine/question-types';
import type { QuestionProps } from '../renderer/question-props';
import { FieldFrame, inputAria, inputClass, inputId } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';

/** A one-line text input, 45 characters unless the definition says otherwise (SPEC §9). */
export function TextQuestion({ question }: QuestionProps<'text'>) {
  const { view, value, set } = useKeyedField(question.key);
  if (!view.visible) return null;
  const id = inputId(question.key);
  return (
    <FieldFrame view={view} labelFor={id} help={question.help}>
      <input
        id={id}
        name={question.key}
        type={question.inputType === 'password' ? 'password' : 'text'}
        className={inputClass(question.variant)}
        value={value}
        onChange={(event) => set(event.target.value)}
        maxLength={question.maxLength ?? defaultMaxLength('text')}
        autoComplete={question.autocomplete}
        inputMode={question.inputMode}
        placeholder={question.placeholder}
        {...inputAria(view)}
      />
    </FieldFrame>
  );
}
