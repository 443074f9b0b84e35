import type { QuestionProps } from '../renderer/question-props';
import { GroupFrame, inputId } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';
import { useOptions } from './parts/use-options';

/** Radio buttons in a fieldset; choosing stores the value and its label as `{key}_desc`. */
export function RadioQuestion({ question }: QuestionProps<'radio'>) {
  const { view, value, set } = useKeyedField(question.key);
  const options = useOptions(question.options).filter((option) => option.value !== '');
  if (!view.visible) return null;
  return (
    <GroupFrame view={view} role="radiogroup" help={question.help}>
      <div className="question__choices">
        {options.map((option, i) => {
          const id = i === 0 ? inputId(question.key) : `${inputId(question.key)}-${i}`;
          return (
            <div key={option.value} className="choice">
              <input
                id={id}
                type="radio"
                className="choice__input"
                name={question.key}
                value={option.value}
                checked={value === option.value}
                onChange={() => set(option.value, option.label)}
              />
              <label className="choice__label" htmlFor={id}>
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
    </GroupFrame>
  );
}
