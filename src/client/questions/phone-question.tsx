import { formatPhone } from '../../engine/formatters';
import type { QuestionProps } from '../renderer/question-props';
import { MaskedInput } from './parts/masked-input';
import { TextControl } from './parts/text-control';
import { useKeyedField } from './parts/use-keyed-field';

/** A North American phone number, formatted (ddd) ddd-dddd while typing (SPEC §4). */
export function PhoneQuestion({ question }: QuestionProps<'phone'>) {
  const field = useKeyedField(question.key);
  return (
    <TextControl view={field.view} help={question.help} variant={question.variant}>
      {(input) => (
        <MaskedInput
          {...input}
          type="tel"
          inputMode="tel"
          value={field.value}
          onChange={field.set}
          format={formatPhone}
          autoComplete={question.autocomplete ?? 'tel-national'}
          placeholder={question.placeholder}
        />
      )}
    </TextControl>
  );
}
