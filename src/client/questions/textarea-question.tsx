import { useState } from 'react';
import { defaultMaxLength } from '../../engine/question-types';
import { useDebouncedValue } from '../form/use-debounced-value';
import type { QuestionProps } from '../renderer/question-props';
import { TextControl } from './parts/text-control';
import { useKeyedField } from './parts/use-keyed-field';
import { catalogueArea } from '../i18n/i18n';
import english from '../i18n/textarea.en.json';

// Its texts load with it, not with a first load that does not show it (issue 43).
const questionText = catalogueArea(english);

const remainingText = (n: number) =>
  n < 0
    ? questionText('textarea.tooMany', { count: -n })
    : questionText('textarea.remaining', { count: n });

/**
 * A text area that keeps its text locally and commits it on blur (SPEC §4), with a counter of the
 * characters left (default limit 1500), or over the limit when the question lets the applicant
 * type past it. The counter is read to screen readers once typing pauses, not at every keystroke
 * (GOV.UK character count).
 */
export function TextareaQuestion({ question }: QuestionProps<'textarea'>) {
  const field = useKeyedField(question.key);
  const { value } = field;
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    // The answer changed elsewhere (restored, cleared by a condition): show it.
    setCommitted(value);
    setText(value);
  }
  const limit = question.maxLength ?? defaultMaxLength('textarea') ?? 1500;
  const remaining = limit - text.length;
  const announced = useDebouncedValue(remaining, { wait: 1000 });

  const counterId = `${question.key}-count`;
  return (
    <TextControl view={field.view} help={question.help} variant={question.variant ?? 'outlined'}>
      {(input) => (
        <>
          <textarea
            {...input}
            rows={question.rows ?? 5}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => {
              if (text !== value) field.set(text);
            }}
            placeholder={question.placeholder}
            aria-describedby={[field.view.describedBy, counterId].filter(Boolean).join(' ')}
          />
          <p id={counterId} className="question__counter" aria-hidden="true">
            {remainingText(remaining)}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {remainingText(announced)}
          </p>
        </>
      )}
    </TextControl>
  );
}
