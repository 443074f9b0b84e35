import { useState } from 'react';
import { isIsoDate } from '../../engine/iso-date';
import type { QuestionProps } from '../renderer/question-props';
import { FieldFrame, inputAria, inputClass, inputId } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';

/**
 * A date stored as YYYY-MM-DD. It commits only a valid date; anything else (an incomplete or
 * impossible date) clears the prior answer (SPEC §4), while the input keeps what was typed.
 */
export function DateQuestion({ question }: QuestionProps<'date'>) {
  const { view, value, set } = useKeyedField(question.key);
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }

  if (!view.visible) return null;
  const id = inputId(question.key);
  return (
    <FieldFrame view={view} labelFor={id} help={question.help}>
      <input
        id={id}
        name={question.key}
        type="date"
        className={inputClass(question.variant)}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          const answer = isIsoDate(next) ? next : '';
          setText(next);
          setCommitted(answer);
          set(answer);
        }}
        autoComplete={question.autocomplete}
        {...inputAria(view)}
      />
    </FieldFrame>
  );
}
