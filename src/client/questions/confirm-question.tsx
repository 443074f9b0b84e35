import type { QuestionProps } from '../renderer/question-props';
import { QuestionList } from '../renderer/question-list';
import { CheckboxField } from './parts/checkbox-field';
import { HintAndError, inputId, labelId, RequiredMark } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';
import { catalogueArea } from '../i18n/i18n';
import english from '../i18n/confirm.en.json';

// Its texts load with it, not with a first load that does not show it (issue 43).
const questionText = catalogueArea(english);

/**
 * A confirmation, as a checkbox (default) or a toggle button, that reveals its `then` content
 * once confirmed ('true'); unconfirming hides it and the engine clears what it held.
 */
export function ConfirmQuestion({ question }: QuestionProps<'confirm'>) {
  const { view, value, set } = useKeyedField(question.key);
  if (!view.visible) return null;
  const confirmed = value === 'true';
  let control;
  if (question.style === 'button') {
    control = (
      <div id={view.key} className={view.errors.length ? 'question question--error' : 'question'}>
        <p id={labelId(view.key)} className="question__label">
          {view.label}
          <RequiredMark required={view.required} />
        </p>
        <HintAndError view={view} />
        <button
          id={inputId(view.key)}
          type="button"
          className="button button--secondary question__confirm"
          aria-pressed={confirmed}
          aria-describedby={[labelId(view.key), view.describedBy].filter(Boolean).join(' ')}
          onClick={() => set(confirmed ? 'false' : 'true')}
        >
          {question.buttonLabel ?? questionText('question.confirm')}
        </button>
      </div>
    );
  } else {
    control = <CheckboxField view={view} value={value} set={set} />;
  }
  return (
    <>
      {control}
      {confirmed && question.then && question.then.length > 0 && (
        <div className="question__conditional">
          <QuestionList questions={question.then} />
        </div>
      )}
    </>
  );
}
