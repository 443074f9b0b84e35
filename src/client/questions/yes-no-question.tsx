import type { QuestionProps } from '../renderer/question-props';
import { QuestionList } from '../renderer/question-list';
import { GroupFrame, inputId } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';

const choices = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
] as const;

/**
 * Yes or No (stored Y or N, with Yes or No as `_desc`), revealing the `then` questions on Yes and
 * the `else` questions on No. The engine clears the branch that hides.
 */
export function YesNoQuestion({ question }: QuestionProps<'yes-no'>) {
  const { view, value, set } = useKeyedField(question.key);
  if (!view.visible) return null;
  const branch = value === 'Y' ? question.then : value === 'N' ? question.else : undefined;
  return (
    <>
      <GroupFrame view={view} role="radiogroup" help={question.help}>
        <div className="question__choices question__choices--inline">
          {choices.map((choice, i) => {
            const id = i === 0 ? inputId(question.key) : `${inputId(question.key)}-${i}`;
            return (
              <div key={choice.value} className="choice">
                <input
                  id={id}
                  type="radio"
                  className="choice__input"
                  name={question.key}
                  value={choice.value}
                  checked={value === choice.value}
                  onChange={() => set(choice.value, choice.label)}
                />
                <label className="choice__label" htmlFor={id}>
                  {choice.label}
                </label>
              </div>
            );
          })}
        </div>
      </GroupFrame>
      {branch && branch.length > 0 && (
        <div className="question__conditional">
          <QuestionList questions={branch} />
        </div>
      )}
    </>
  );
}
