import type { QuestionProps } from '../renderer/question-props';
import { TextControl } from './parts/text-control';
import { useKeyedField } from './parts/use-keyed-field';

/**
 * A one-line text input, 45 characters unless the definition says otherwise (SPEC §9). An e-mail
 * input (`inputType: "email"`) offers the browser's saved address and the e-mail keyboard.
 */
export function TextQuestion({ question }: QuestionProps<'text'>) {
  const field = useKeyedField(question.key);
  const email = question.inputType === 'email';
  return (
    <TextControl view={field.view} help={question.help} variant={question.variant}>
      {(input) => (
        <input
          {...input}
          type={email ? 'email' : question.inputType === 'password' ? 'password' : 'text'}
          value={field.value}
          onChange={(event) => field.set(event.target.value)}
          autoComplete={question.autocomplete ?? (email ? 'email' : undefined)}
          inputMode={question.inputMode ?? (email ? 'email' : undefined)}
          spellCheck={email ? false : undefined}
          autoCapitalize={email ? 'none' : undefined}
          placeholder={question.placeholder}
        />
      )}
    </TextControl>
  );
}
