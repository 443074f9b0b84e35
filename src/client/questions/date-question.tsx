import { useState } from 'react';
import { isIsoDate } from '../../engine/iso-date';
import type { QuestionProps } from '../renderer/question-props';
import { TextControl } from './parts/text-control';
import { useKeyedField } from './parts/use-keyed-field';

/**
 * A date stored as YYYY-MM-DD. It commits only a valid date; anything else (an incomplete or
 * impossible date) clears the prior answer (SPEC §4), while the input keeps what was typed.
 */
export function DateQuestion({ question }: QuestionProps<'date'>) {
  const field = useKeyedField(question.key);
  const [text, setText] = useState(field.value);
  const [committed, setCommitted] = useState(field.value);
  if (field.value !== committed) {
    setCommitted(field.value);
    setText(field.value);
  }

  return (
    <TextControl view={field.view} help={question.help} variant={question.variant}>
      {(input) => (
        <input
          {...input}
          type="date"
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            const answer = isIsoDate(next) ? next : '';
            setText(next);
            setCommitted(answer);
            field.set(answer);
          }}
          autoComplete={question.autocomplete}
        />
      )}
    </TextControl>
  );
}
