import type { QuestionProps } from '../renderer/question-props';
import { TextControl } from './parts/text-control';
import { useKeyedField } from './parts/use-keyed-field';

/** A password input, 45 characters unless the definition says otherwise (SPEC §9). */
export function PasswordQuestion({ question }: QuestionProps<'password'>) {
  const field = useKeyedField(question.key);
  return (
    <TextControl view={field.view} help={question.help} variant={question.variant}>
      {(input) => (
        <input
          {...input}
          type="password"
          value={field.value}
          onChange={(event) => field.set(event.target.value)}
          autoComplete={question.autocomplete ?? 'off'}
          spellCheck={false}
          autoCapitalize="none"
        />
      )}
    </TextControl>
  );
}
