import { useMutation, useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useState } from 'react';
import type { KeyedQuestion } from '../../../engine/definitions';
import type { FieldView } from '../../../engine/field-view';
import { ServerError } from '../../api/errors';
import { genericErrorMessage } from '../../messages';
import { ResettableErrorBoundary } from '../../components/resettable-error-boundary';
import { conversionQueryKey, documentsApi, refreshDocument } from '../../documents/documents-api';
import { useUploadFailures } from '../../documents/upload-failures';
import type { ConversionStatus } from '../../../contract/documents';
import { useFormStore } from '../../form/form-context';
import { DocumentUpload } from './document-upload';
import { labelId } from './field-frame';
import '../../styles/documents.css';
import { t as tShell } from '../../i18n/i18n';
import { t } from '../../i18n/documents-texts';

/** SPEC §8: the toast of a failed upload or conversion, naming the question as the applicant reads it. */
const uploadFailure = (question: KeyedQuestion): string =>
  t('upload.failure', { question: question.label ?? question.key });

/**
 * The applicant's upload inside its error boundary (SPEC §8): a failed upload or conversion
 * clears the answer and shows "Error uploading file for {label}"; on reset the failure is marked
 * seen, its conversion deleted, and the conversion and document list read again.
 */
export function DocumentField({ question, view }: { question: KeyedQuestion; view: FieldView }) {
  const { key } = question;
  const store = useFormStore();
  const queryClient = useQueryClient();
  const { fail: failed } = useUploadFailures(key);
  const { reset: clearQueryErrors } = useQueryErrorResetBoundary();
  const discard = useMutation({ mutationFn: documentsApi.deleteConversion });
  const [seenFailure, setSeenFailure] = useState<ConversionStatus | null>(null);
  const [resets, setResets] = useState(0);

  const onError = (error: unknown) => {
    store.setAnswer(key, '');
    failed(uploadFailure(question), error);
  };
  const onReset = () => {
    setSeenFailure(queryClient.getQueryData<ConversionStatus>(conversionQueryKey(key)) ?? null);
    setResets((n) => n + 1);
    clearQueryErrors();
    discard.mutate(key, {
      onError: (error) => failed(uploadFailure(question), error),
      onSettled: () => refreshDocument(queryClient, key),
    });
  };

  return (
    <ResettableErrorBoundary
      onError={onError}
      onReset={onReset}
      fallback={(error, reset) => <UploadFailed view={view} error={error} onRetry={reset} />}
    >
      <DocumentUpload
        question={question}
        view={view}
        seenFailure={seenFailure}
        focusOnMount={resets > 0}
      />
    </ResettableErrorBoundary>
  );
}

/** The field after a failure: what went wrong, and a way to choose another file. */
function UploadFailed(props: { view: FieldView; error: unknown; onRetry: () => void }) {
  const { view, error, onRetry } = props;
  return (
    <div id={view.key} className="question question--file question--error">
      <p id={labelId(view.key)} className="question__label">
        {view.label}
      </p>
      <p className="question__error">
        <span className="visually-hidden">{tShell('app.errorPrefix')}</span>
        {error instanceof ServerError ? error.message : genericErrorMessage()}
      </p>
      <button
        type="button"
        className="button button--secondary file-upload__retry"
        onClick={onRetry}
      >
        {t('upload.chooseAnother')}
      </button>
    </div>
  );
}
