import { formatSsn } from '../../engine/formatters';
import type { QuestionProps } from '../renderer/question-props';
import { FieldFrame, inputAria, inputClass, inputId } from './parts/field-frame';
import { MaskedInput } from './parts/masked-input';
import { useKeyedField } from './parts/use-keyed-field';

/** A social-security-style number, formatted 3-2-4 digits with dashes while typing (SPEC §4). */
export function SsnQuestion({ question }: QuestionProps<'ssn'>) {
  const { view, value, set } = useKeyedField(question.key);
  if (!view.visible) return null;
  const id = inputId(question.key);
  return (
    <FieldFrame view={view} labelFor={id} help={question.help}>
      <MaskedInput
        id={id}
        name={question.key}
        type="text"
        inputMode="numeric"
        className={inputClass(question.variant)}
        value={value}
        onChange={set}
        format={formatSsn}
        autoComplete="off"
        spellCheck={false}
        {...inputAria(view)}
      />
    </FieldFrame>
  );
}
