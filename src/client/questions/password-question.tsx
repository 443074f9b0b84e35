import { defaultMaxLength } from '../../engine/question-types';
import { registerQuestion, type QuestionProps } from '../renderer/question-registry';
import { FieldFrame, inputAria, inputClass, inputId, ReadOnlyField } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';

/** A password input; the read-only view never prints the secret. */
export function PasswordQuestion({ question }: QuestionProps<'password'>) {
  const { view, value, set, readOnly } = useKeyedField(question.key);
  if (!view.visible) return null;
  if (readOnly)
    return <ReadOnlyField id={view.key} label={view.label} value={value ? '********' : ''} />;
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

registerQuestion('password', PasswordQuestion);
