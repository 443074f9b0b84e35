import { acceptAttribute } from '../../engine/file-rules';
import { DOCUMENT_ANSWERED, documentNote } from '../../engine/read-only-document';
import { useFormEnvironment } from '../form/form-context';
import { registerQuestion, type QuestionProps } from '../renderer/question-registry';
import {
  FieldFrame,
  HintAndError,
  inputAria,
  inputId,
  labelId,
  ReadOnlyField,
} from './parts/field-frame';
import { useKeyedField } from './parts/use-keyed-field';

/** SPEC §4 "File upload": visitors must make an account first. */
export const VISITOR_UPLOAD_TEXT = 'This question can be finished once you have created an account';

/**
 * A document upload. The answer is 'ANSWERED' once a converted file is attached. Visitors see
 * that they need an account; staff see whether a document is attached.
 */
export function FileQuestion({ question }: QuestionProps<'file'>) {
  const { loggedIn } = useFormEnvironment();
  const { view, value, readOnly } = useKeyedField(question.key);
  if (!view.visible) return null;
  if (readOnly) {
    // TODO(documents): pass the attached file's name (GET /api/document-answer).
    const note = value === DOCUMENT_ANSWERED ? documentNote() : '';
    return <ReadOnlyField id={view.key} label={view.label} value={note} />;
  }
  if (!loggedIn) {
    return (
      <div id={view.key} className="question question--file" tabIndex={-1}>
        <p id={labelId(view.key)} className="question__label">
          {view.label}
        </p>
        <HintAndError view={view} />
        <p className="question__note">{VISITOR_UPLOAD_TEXT}</p>
      </div>
    );
  }
  const id = inputId(question.key);
  return (
    <FieldFrame view={view} labelFor={id} help={question.help} className="question--file">
      {/*
        TODO(documents): upload the chosen file. Validate it (SPEC §5: 1 MB, png/jpeg/jpg/pdf/docx,
        name ≤ 32 characters, not empty), POST /api/presigned-url, post the file to the returned
        url, POST /api/pdf/document-answer/{key} and poll its status every 2 s; show the attached
        file's name and size with Delete (confirmation "Delete File"), and on failure clear the
        answer and show "Error uploading file for {key}". Until then choosing a file does nothing.
      */}
      <input
        id={id}
        name={question.key}
        type="file"
        className="question__file"
        accept={acceptAttribute}
        {...inputAria(view)}
      />
    </FieldFrame>
  );
}

registerQuestion('file', FileQuestion);
