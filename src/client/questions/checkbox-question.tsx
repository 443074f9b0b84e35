import type { QuestionProps } from '../renderer/question-props';
import { CheckboxField } from './parts/checkbox-field';
import { useKeyedField } from './parts/use-keyed-field';

/** A single checkbox storing 'true' or 'false'. */
export function CheckboxQuestion({ question }: QuestionProps<'checkbox'>) {
  const field = useKeyedField(question.key);
  if (!field.view.visible) return null;
  return <CheckboxField {...field} />;
}
