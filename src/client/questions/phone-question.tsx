import { formatPhone } from '../../engine/formatters';
import type { QuestionProps } from '../renderer/question-props';
import { FieldFrame, inputAria, inputClass, inputId } from './parts/field-frame';
import { MaskedInput } from './parts/masked-input';
import { useKeyedField } from './parts/use-keyed-field';

/** A North American phone number, formatted (ddd) ddd-dddd while typing (SPEC §4). */
export function PhoneQuestion({ question }: QuestionProps<'phone'>) {
  const { view, value, set } = useKeyedField(question.key);
  if (!view.visible) return null;
  const id = inputId(question.key);
  return (
    <FieldFrame view={view} labelFor={id} help={question.help}>
      <MaskedInput
        id={id}
        name={question.key}
        type="tel"
        inputMode="tel"
        className={inputClass(question.variant)}
        value={value}
        onChange={set}
        format={formatPhone}
        autoComplete={question.autocomplete ?? 'tel-national'}
        placeholder={question.placeholder}
        {...inputAria(view)}
      />
    </FieldFrame>
  );
}
