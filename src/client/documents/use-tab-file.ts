import { useIsMutating } from '@tanstack/react-query';
import { useCallback } from 'react';
import { DOCUMENT_ANSWERED } from '../../engine/read-only-document';
import { useAnswer, useFormStore } from '../form/form-context';
import {
  isPending,
  uploadMutationKey,
  useConversionStatus,
  useDeleteDocument,
  useDocumentAnswers,
} from './documents-api';

export interface TabFile {
  /** Leaving must wait: an upload or conversion is under way, or the document is being fetched. */
  busy: boolean;
  /** There is a document (attached, converting or failed) to delete before leaving. */
  exists: boolean;
  /** Deletes the document's conversion and answer; rejects when that fails. */
  release: () => Promise<void>;
}

/**
 * The file a tab owns, as the tabs see it (SPEC §4 "Tabs"). It reads the same conversion status
 * and document list as the file question, without raising their errors: a failed read neither
 * blocks the tabs nor takes them down (the file question reports it).
 */
export function useTabFile(fileKey: string | undefined, enabled: boolean): TabFile {
  const key = fileKey ?? '';
  const on = enabled && key !== '';
  const store = useFormStore();
  const conversion = useConversionStatus(key, on, { throwOnError: false });
  const documents = useDocumentAnswers(on, { throwOnError: false });
  const uploads = useIsMutating({ mutationKey: uploadMutationKey(key) });
  const answer = useAnswer(key);
  const { mutateAsync: remove } = useDeleteDocument();
  const status = conversion.data?.status;

  const busy =
    on &&
    (uploads > 0 ||
      isPending(status) ||
      conversion.isPending ||
      conversion.isFetching ||
      documents.isPending ||
      documents.isFetching);
  const exists =
    on &&
    (documents.data?.[key] !== undefined ||
      (status !== undefined && status !== 'NOT_ANSWERED') ||
      answer === DOCUMENT_ANSWERED);

  const release = useCallback(async () => {
    await remove(key);
    store.setAnswer(key, '');
  }, [remove, key, store]);

  return { busy, exists, release };
}
