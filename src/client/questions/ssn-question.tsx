import { formatSsn } from '../../engine/formatters';
import type { QuestionProps } from '../renderer/question-props';
import { MaskedInput } from './parts/masked-input';
import { TextControl } from './parts/text-control';
import { useKeyedField } from './parts/use-keyed-field';

/** A social-security-style number, formatted 3-2-4 digits with dashes while typing (SPEC §4). */
export function SsnQuestion({ question }: QuestionProps<'ssn'>) {
  const field = useKeyedField(question.key);
  return (
    <TextControl view={field.view} help={question.help} variant={question.variant}>
      {(input) => (
        <MaskedInput
          {...input}
          type="text"
          inputMode="numeric"
          value={field.value}
          onChange={field.set}
          format={formatSsn}
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </TextControl>
  );
}
