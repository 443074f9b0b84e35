import { lazy, Suspense } from 'react';
import { useFormEnvironment } from '../form/form-context';
import type { QuestionProps } from '../renderer/question-props';
import { HintAndError, labelId } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';
import { visitorUploadText } from '../messages';

// Only a signed-in applicant uploads: visitors never load the upload's code.
const DocumentField = lazy(() =>
  import('./parts/document-field').then((module) => ({ default: module.DocumentField })),
);

/**
 * A document upload. The answer is 'ANSWERED' once a converted file is attached. Visitors see
 * that they need an account.
 */
export function FileQuestion({ question }: QuestionProps<'file'>) {
  const { loggedIn } = useFormEnvironment();
  const { view } = useKeyedField(question.key);
  if (!view.visible) return null;
  const note = (text: string) => (
    <div id={view.key} className="question question--file" tabIndex={-1}>
      <p id={labelId(view.key)} className="question__label">
        {view.label}
      </p>
      <HintAndError view={view} />
      <p className="question__note">{text}</p>
    </div>
  );
  if (!loggedIn) return note(visitorUploadText());
  return (
    <Suspense fallback={note('Loading…')}>
      <DocumentField question={question} view={view} />
    </Suspense>
  );
}
