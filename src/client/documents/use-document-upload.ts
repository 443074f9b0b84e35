import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { conversionQueryKey, documentsApi, uploadMutationKey } from './documents-api';
import type { ConversionStatus } from '../../contract/documents';
import { postUploadForm } from './post-upload-form';

/** Where an upload is before its conversion takes over (then the conversion status tells). */
export type UploadPhase =
  | { step: 'idle' }
  | { step: 'uploading'; fileName: string; loaded: number; total: number }
  | { step: 'starting'; fileName: string };

const idle: UploadPhase = { step: 'idle' };

/**
 * Uploads a checked file for one question (SPEC §4, §7): POST /api/presigned-url, the file to
 * the presigned form with its progress, then POST /api/pdf/document-answer/{key}. The reply
 * (UNPROCESSED) becomes the conversion status, which then polls. The mutation's key lets the
 * tabs that own the question see an upload under way.
 */
export function useDocumentUpload(key: string) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>(idle);
  const mutation = useMutation({
    mutationKey: uploadMutationKey(key),
    mutationFn: async (file: File): Promise<ConversionStatus> => {
      const progress = (loaded: number, total: number) =>
        setPhase({ step: 'uploading', fileName: file.name, loaded, total });
      progress(0, file.size);
      const upload = await documentsApi.presign(key);
      await postUploadForm(upload, file, (p) => progress(p.loaded, p.total));
      setPhase({ step: 'starting', fileName: file.name });
      return documentsApi.convert(key, upload.fields.key ?? '', file.name);
    },
    onSuccess: (status) => queryClient.setQueryData(conversionQueryKey(key), status),
    onSettled: () => setPhase(idle),
  });
  return { phase, start: mutation.mutate, error: mutation.error };
}

/** The share of a file sent, 0 to 100. */
export const percentOf = (loaded: number, total: number): number =>
  total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
