import { defaultMaxLength } from '../../engine/question-types';
import type { QuestionProps } from '../renderer/question-props';
import { FieldFrame, inputAria, inputClass, inputId } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';

/** A password input, 45 characters unless the definition says otherwise (SPEC §9). */
export function PasswordQuestion({ question }: QuestionProps<'password'>) {
  const { view, value, set } = useKeyedField(question.key);
  if (!view.visible) return null;
  const id = inputId(question.key);
  return (
    <FieldFrame view={view} labelFor={id} help={question.help}>
      <input
        id={id}
        name={question.key}
        type="password"
        className={inputClass(question.variant)}
        value={value}
        onChange={(event) => set(event.target.value)}
        maxLength={question.maxLength ?? defaultMaxLength('password')}
        autoComplete={question.autocomplete ?? 'off'}
        spellCheck={false}
        autoCapitalize="none"
        {...inputAria(view)}
      />
    </FieldFrame>
  );
}
