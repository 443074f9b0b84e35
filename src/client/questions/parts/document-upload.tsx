import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { KeyedQuestion } from '../../../engine/definitions';
import type { FieldView } from '../../../engine/field-view';
import { acceptAttribute, checkFile } from '../../../engine/file-rules';
import { DOCUMENT_ANSWERED } from '../../../engine/read-only-document';
import { UnauthorizedError } from '../../api/errors';
import {
  ConversionFailedError,
  documentAnswersQueryKey,
  isPending,
  useConversionStatus,
  useDeleteDocument,
  useDocumentAnswers,
} from '../../documents/documents-api';
import { pdfQueryKey } from '../../documents/pdf-query-key';
import type { ConversionState, ConversionStatus } from '../../../contract/documents';
import { DeleteFileDialog } from '../../documents/delete-file-dialog';
import { useUploadFailures } from '../../documents/upload-failures';
import { percentOf, useDocumentUpload } from '../../documents/use-document-upload';
import { useFormStore } from '../../form/form-context';
import { AttachedFile, ConvertingNote, UploadProgress } from './document-states';
import { FieldFrame, inputAria, inputId } from './field-frame';
import { t } from '../../i18n/documents-texts';

interface DocumentUploadProps {
  question: KeyedQuestion;
  view: FieldView;
  /** A FAILED status already reported and reset: it is not raised again. */
  seenFailure: ConversionStatus | null;
  /** Put focus on the file input once it shows (after a reset). */
  focusOnMount?: boolean;
}

/**
 * A logged-in applicant's upload (SPEC §4 "File upload"): choose a file, check it in the browser,
 * upload it with a progress bar, wait while it converts, then show it with Delete. Failures are
 * thrown to the error boundary around this component (file-question.tsx).
 */
export function DocumentUpload({ question, view, seenFailure, focusOnMount }: DocumentUploadProps) {
  const { key } = question;
  const store = useFormStore();
  const documents = useDocumentAnswers(true);
  const conversion = useConversionStatus(key, true);
  const upload = useDocumentUpload(key);
  const remove = useDeleteDocument();
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Where focus goes once it can: the panel replacing the input, or the input coming back.
  const focusTarget = useRef<'panel' | 'input' | null>(focusOnMount ? 'input' : null);
  const status = conversion.data?.status;
  useDocumentAnswer(key, status);

  useEffect(() => {
    const target = focusTarget.current === 'panel' ? panel.current : input.current;
    if (focusTarget.current === null || !target) return;
    target.focus();
    focusTarget.current = null;
  });

  if (upload.error && !(upload.error instanceof UnauthorizedError)) throw upload.error;
  if (remove.error && !(remove.error instanceof UnauthorizedError)) throw remove.error;
  if (conversion.data?.status === 'FAILED' && conversion.data !== seenFailure) {
    throw new ConversionFailedError(conversion.data.message);
  }

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) is a change too.
    event.target.value = '';
    if (!file) return;
    const messages = checkFile(file);
    setProblems(messages);
    if (messages.length > 0) return;
    focusTarget.current = 'panel';
    upload.start(file);
  };
  const confirmDelete = () =>
    remove.mutate(key, {
      onSuccess: () => {
        store.setAnswer(key, '');
        setConfirming(false);
        focusTarget.current = 'input';
      },
    });

  const file = documents.data?.[key];
  const { phase } = upload;
  const converting =
    phase.step === 'starting' ||
    isPending(status) ||
    (status === 'COMPLETED' && !file && documents.isFetching);
  let content = null;
  let announcement = problems.join(' ');
  if (phase.step === 'uploading') {
    const percent = percentOf(phase.loaded, phase.total);
    content = <UploadProgress id={`${key}-progress`} fileName={phase.fileName} percent={percent} />;
    // Announced in quarters, not at every progress event.
    announcement = t('upload.uploading', {
      file: phase.fileName,
      percent: Math.floor(percent / 25) * 25,
    });
  } else if (converting) {
    content = <ConvertingNote />;
    announcement = t('upload.converting');
  } else if (status === 'COMPLETED') {
    content = <AttachedFile id={`${key}-file`} file={file} onDelete={() => setConfirming(true)} />;
    announcement = file
      ? t('upload.attached', { file: file.file_name })
      : t('upload.attachedUnnamed');
  } else if (conversion.isPending) {
    content = <p className="file-upload__note">{t('upload.checking')}</p>;
  }

  const shownView = problems.length > 0 ? withMessages(view, problems) : view;
  const id = inputId(key);
  return (
    <FieldFrame
      view={shownView}
      labelFor={content ? undefined : id}
      help={question.help}
      className="question--file"
      busy={converting || phase.step !== 'idle' || conversion.isPending}
    >
      {content ? (
        <div ref={panel} className="file-upload__panel" tabIndex={-1}>
          {content}
        </div>
      ) : (
        <input
          ref={input}
          id={id}
          name={key}
          type="file"
          className="question__file"
          accept={acceptAttribute}
          onChange={choose}
          {...inputAria(shownView)}
        />
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <DeleteFileDialog
        isOpen={confirming}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onDelete={confirmDelete}
      />
    </FieldFrame>
  );
}

/**
 * Keeps the answer in step with the conversion: COMPLETED makes it ANSWERED (so validation sees
 * it) and, when it just finished, reads the document list again for the name and size. An
 * attached file closes the error toasts of the attempts before it.
 */
function useDocumentAnswer(key: string, status: ConversionState | undefined) {
  const store = useFormStore();
  const queryClient = useQueryClient();
  const { succeed } = useUploadFailures(key);
  const previous = useRef(status);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    const answer = store.getState().answers[key] ?? '';
    if (status === 'NOT_ANSWERED' && answer === DOCUMENT_ANSWERED) store.setAnswer(key, '');
    if (status !== 'COMPLETED') return;
    succeed();
    if (answer !== DOCUMENT_ANSWERED) store.setAnswer(key, DOCUMENT_ANSWERED);
    if (isPending(before)) {
      void queryClient.invalidateQueries({ queryKey: documentAnswersQueryKey });
      // The application's PDF includes the document.
      void queryClient.invalidateQueries({ queryKey: pdfQueryKey });
    }
  }, [key, status, store, queryClient, succeed]);
}

/** The field's view with the browser's own checks of the chosen file as its error. */
function withMessages(view: FieldView, messages: string[]): FieldView {
  const errors = [...new Set([...view.errors, ...messages])];
  const describedBy = [view.hint ? view.hintId : '', view.errorId].filter(Boolean).join(' ');
  return { ...view, errors, errorText: errors.join(' '), describedBy };
}
