import type { ComponentType } from 'react';
import type { QuestionProps } from '../renderer/question-props';
import { MaskedInput } from './parts/masked-input';
import { TextControl } from './parts/text-control';
import type { TextMask } from './parts/text-masks';
import { usePasteElsewhere } from './parts/use-paste-elsewhere';
import { useKeyedField } from './parts/use-keyed-field';

type MaskedType = 'phone' | 'ssn';
type MaskedProps = QuestionProps<MaskedType> & { mask: TextMask };

/**
 * A text input formatted by a mask while the applicant types or pastes (SPEC §4: the phone's
 * (ddd) ddd-dddd, the SSN's 3-2-4 digits). A paste or an autofill the mask would cut is moved or
 * refused, with a message under the input (usePasteElsewhere).
 */
function MaskedTextQuestion({ question, mask }: MaskedProps) {
  const field = useKeyedField(question.key);
  const paste = usePasteElsewhere(question, mask, field.view.label);
  const noteId = `${question.key}-paste-note`;
  return (
    <TextControl view={field.view} help={question.help} variant={question.variant}>
      {(input) => (
        <>
          <MaskedInput
            {...input}
            aria-describedby={
              paste.note
                ? [input['aria-describedby'], noteId].filter(Boolean).join(' ')
                : input['aria-describedby']
            }
            type={mask.type}
            inputMode={mask.inputMode}
            value={field.value}
            onChange={(value) => {
              paste.clear();
              field.set(value);
            }}
            onPaste={paste.onPaste}
            onInsertWhole={mask.cuts ? paste.take : undefined}
            format={mask.format}
            autoComplete={question.autocomplete ?? mask.autoComplete}
            placeholder={question.placeholder}
            spellCheck={mask.spellCheck}
          />
          {mask.cuts && (
            // Always there, so what it comes to say is announced; no room taken while empty.
            <p
              id={noteId}
              className={paste.note ? 'question__note' : 'question__note question__note--empty'}
              role="status"
            >
              {paste.note}
            </p>
          )}
        </>
      )}
    </TextControl>
  );
}

/** The question component of one mask, for the renderers' table (question-renderers.ts). */
export function maskedTextQuestion<T extends MaskedType>(
  mask: TextMask,
): ComponentType<QuestionProps<T>> {
  const Masked = (props: QuestionProps<T>) => <MaskedTextQuestion {...props} mask={mask} />;
  Masked.displayName = `MaskedTextQuestion(${mask.type}, ${mask.inputMode})`;
  return Masked;
}
