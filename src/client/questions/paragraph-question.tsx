import type { QuestionProps } from '../renderer/question-props';

/** Text between questions; it asks nothing. */
export function ParagraphQuestion({ question }: QuestionProps<'paragraph'>) {
  return (
    <p id={question.id} className="question__paragraph">
      {question.text}
    </p>
  );
}
