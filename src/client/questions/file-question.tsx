import { lazy, Suspense } from 'react';
import { DOCUMENT_ANSWERED, documentNote } from '../../engine/read-only-document';
import { serviceDocumentUrl } from '../documents/service-document';
import { useFormEnvironment } from '../form/form-context';
import { registerQuestion, type QuestionProps } from '../renderer/question-registry';
import { HintAndError, labelId, ReadOnlyField } from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';
import { visitorUploadText } from '../messages';

// Only a signed-in applicant uploads: visitors and staff never load the upload's code.
const DocumentField = lazy(() =>
  import('./parts/document-field').then((module) => ({ default: module.DocumentField })),
);

/**
 * A document upload. The answer is 'ANSWERED' once a converted file is attached. Visitors see
 * that they need an account; staff see the attached document as a note with a link to its PDF.
 */
export function FileQuestion({ question }: QuestionProps<'file'>) {
  const { loggedIn, serviceToken, documents } = useFormEnvironment();
  const { view, value, readOnly } = useKeyedField(question.key);
  if (!view.visible) return null;
  if (readOnly) {
    if (value !== DOCUMENT_ANSWERED)
      return <ReadOnlyField id={view.key} label={view.label} value="" />;
    return (
      <div id={view.key} className="question question--readonly">
        <span className="question__label">{view.label}</span>
        <span className="question__value">
          {documentNote(documents?.[question.key]?.file_name)}
          {serviceToken && (
            <>
              {' '}
              <a href={serviceDocumentUrl(question.key, serviceToken)}>Open the PDF</a>
            </>
          )}
        </span>
      </div>
    );
  }
  const note = (text: string) => (
    <div id={view.key} className="question question--file" tabIndex={-1}>
      <p id={labelId(view.key)} className="question__label">
        {view.label}
      </p>
      <HintAndError view={view} />
      <p className="question__note">{text}</p>
    </div>
  );
  if (!loggedIn) return note(visitorUploadText);
  return (
    <Suspense fallback={note('Loading…')}>
      <DocumentField question={question} view={view} />
    </Suspense>
  );
}

registerQuestion('file', FileQuestion);
