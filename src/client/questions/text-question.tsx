import { defaultMaxLength } from '../../engine/question-types';
import type { QuestionProps } from '../renderer/question-props';
import { TextControl } from './parts/text-control';
import { useKeyedField } from './parts/use-keyed-field';

/** A one-line text input, 45 characters unless the definition says otherwise (SPEC §9). */
export function TextQuestion({ question }: QuestionProps<'text'>) {
  const field = useKeyedField(question.key);
  return (
    <TextControl view={field.view} help={question.help} variant={question.variant}>
      {(input) => (
        <input
          {...input}
          type={question.inputType === 'password' ? 'password' : 'text'}
          value={field.value}
          onChange={(event) => field.set(event.target.value)}
          maxLength={question.maxLength ?? defaultMaxLength('text')}
          autoComplete={question.autocomplete}
          inputMode={question.inputMode}
          placeholder={question.placeholder}
        />
      )}
    </TextControl>
  );
}
