/**
 * The document calls of SPEC §7: the attached documents, presigned uploads, the conversion of an
 * upload to PDF and its status, deleting a document, and the status of the application's PDF.
 * Each piece of server state lives in one query, shared by whoever draws it (the file question
 * and the tabs that own it read the same conversion status).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ServerError } from '../api/errors';
import { genericErrorMessage } from '../messages';
import { fetchJson } from '../api/fetch-json';
import { pdfQueryKey } from './pdf-query-key';
import type {
  ConversionStatus,
  DocumentAnswers,
  PdfStatus,
  PresignedUpload,
} from '../../contract/documents';
import type { MessageResponse } from '../../contract/wire';

/** SPEC §9: a conversion is polled every 2 s while it is pending. */
const CONVERSION_POLL_MS = 2000;
/** SPEC §7, §9: the PDF status every second until it settles, then every ten minutes. */
export const PDF_PENDING_POLL_MS = 1000;
export const PDF_SETTLED_POLL_MS = 600_000;

export const documentAnswersQueryKey = ['document-answer'] as const;
export const conversionQueryKey = (key: string) => ['doc-conversion', key] as const;
export const uploadMutationKey = (key: string) => ['upload', key] as const;

/** Unprocessed and in progress mean "keep polling" (SPEC §4 "File upload", "PDF download"). */
export const isPending = (status: string | undefined): boolean =>
  status === 'UNPROCESSED' || status === 'IN_PROGRESS';

/** A conversion that ended FAILED, carrying the server's message (SPEC §8). */
export class ConversionFailedError extends ServerError {
  override name = 'ConversionFailedError';

  constructor(message: string) {
    super(message || genericErrorMessage(), { status: 200, code: 'FAILED' });
  }
}

const path = (key: string) => encodeURIComponent(key);

export const documentsApi = {
  list: (signal?: AbortSignal) => fetchJson<DocumentAnswers>('/api/document-answer', { signal }),
  presign: (answerKey: string) =>
    fetchJson<PresignedUpload>('/api/presigned-url', {
      method: 'POST',
      body: { answer_key: answerKey },
    }),
  convert: (key: string, fileKey: string, fileName: string) =>
    fetchJson<ConversionStatus>(`/api/pdf/document-answer/${path(key)}`, {
      method: 'POST',
      body: { file_key: fileKey, file_name: fileName },
    }),
  conversion: (key: string, signal?: AbortSignal) =>
    fetchJson<ConversionStatus>(`/api/pdf/document-answer/${path(key)}`, { signal }),
  deleteConversion: (key: string) =>
    fetchJson<MessageResponse>(`/api/pdf/document-answer/${path(key)}`, { method: 'DELETE' }),
  deleteAnswer: (key: string) =>
    fetchJson<MessageResponse>(`/api/document-answer/${path(key)}`, { method: 'DELETE' }),
  pdf: (signal?: AbortSignal) => fetchJson<PdfStatus>('/api/pdf', { signal }),
};

interface QueryChoice {
  /** False: the caller handles errors itself instead of the nearest error boundary. */
  throwOnError?: boolean;
}

/** GET /api/document-answer: the applicant's documents by question key. */
export function useDocumentAnswers(enabled: boolean, { throwOnError = true }: QueryChoice = {}) {
  return useQuery({
    queryKey: documentAnswersQueryKey,
    queryFn: ({ signal }) => documentsApi.list(signal),
    enabled,
    ...(throwOnError ? {} : { throwOnError: false }),
  });
}

/** GET /api/pdf/document-answer/{key}, polled every 2 s while the conversion is pending. */
export function useConversionStatus(
  key: string,
  enabled: boolean,
  { throwOnError = true }: QueryChoice = {},
) {
  return useQuery({
    queryKey: conversionQueryKey(key),
    queryFn: ({ signal }) => documentsApi.conversion(key, signal),
    enabled,
    refetchInterval: (query) =>
      isPending(query.state.data?.status) && query.state.status !== 'error'
        ? CONVERSION_POLL_MS
        : false,
    ...(throwOnError ? {} : { throwOnError: false }),
  });
}

/** After a document is gone: no conversion, no entry in the list, no answer on the server. */
function forgetDocument(queryClient: QueryClient, key: string): void {
  queryClient.setQueryData<ConversionStatus>(conversionQueryKey(key), {
    status: 'NOT_ANSWERED',
    message: '',
  });
  queryClient.setQueryData<DocumentAnswers>(documentAnswersQueryKey, (documents) => {
    if (!documents || !(key in documents)) return documents;
    const rest = { ...documents };
    delete rest[key];
    return rest;
  });
}

/** Refetches what the server says of a document: its conversion and the list. */
export function refreshDocument(queryClient: QueryClient, key: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversionQueryKey(key) }),
    queryClient.invalidateQueries({ queryKey: documentAnswersQueryKey }),
  ]).then(() => undefined);
}

/**
 * Deletes a document: DELETE /api/pdf/document-answer/{key} (the conversion) and
 * DELETE /api/document-answer/{key} (the answer); the caches follow, and the application PDF is
 * asked for again since it includes the document.
 */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) => {
      await documentsApi.deleteConversion(key);
      await documentsApi.deleteAnswer(key);
    },
    onSuccess: (_reply, key) => {
      forgetDocument(queryClient, key);
      void queryClient.invalidateQueries({ queryKey: documentAnswersQueryKey });
      void queryClient.invalidateQueries({ queryKey: pdfQueryKey });
    },
  });
}

/** The polling interval of GET /api/pdf: every second while pending, then every ten minutes. */
export function pdfRefetchInterval(status: string | undefined, failed: boolean): number {
  return !failed && isPending(status) ? PDF_PENDING_POLL_MS : PDF_SETTLED_POLL_MS;
}

/** GET /api/pdf, polled as SPEC §7 says; errors are the caller's (a toast, not a boundary). */
export function usePdfStatus(enabled: boolean) {
  return useQuery({
    queryKey: pdfQueryKey,
    queryFn: ({ signal }) => documentsApi.pdf(signal),
    enabled,
    throwOnError: false,
    refetchInterval: (query) =>
      pdfRefetchInterval(query.state.data?.status, query.state.status === 'error'),
  });
}
