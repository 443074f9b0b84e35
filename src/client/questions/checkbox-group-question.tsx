import { hintId, type FieldView } from '../../engine/field-view';
import type { QuestionProps } from '../renderer/question-props';
import { CheckboxField } from './parts/checkbox-field';
import { GroupFrame } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';

function GroupItem({ itemKey }: { itemKey: string }) {
  const field = useKeyedField(itemKey);
  if (!field.view.visible) return null;
  return <CheckboxField {...field} />;
}

/** Several boxes, each its own answer, in a fieldset whose legend is the question. */
export function CheckboxGroupQuestion({ question }: QuestionProps<'checkbox-group'>) {
  const id = question.id ?? `${question.items[0]?.key ?? 'group'}-group`;
  // The group itself asks nothing: its legend and hint frame the boxes, which carry the errors.
  const view: FieldView = {
    key: id,
    visible: true,
    label: question.label ?? '',
    required: false,
    errors: [],
    hintId: hintId(id),
    errorId: `${id}-error`,
  };
  if (question.hint) {
    view.hint = question.hint;
    view.describedBy = view.hintId;
  }
  const items = question.items.map((item) => <GroupItem key={item.key} itemKey={item.key} />);
  return (
    <GroupFrame view={view} id={id} help={question.help}>
      <div className="question__choices">{items}</div>
    </GroupFrame>
  );
}
