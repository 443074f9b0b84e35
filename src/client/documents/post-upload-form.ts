import { ServerError } from '../api/errors';
import { genericErrorMessage } from '../messages';
import type { PresignedUpload } from '../../contract/documents';
import type { ErrorCode } from '../../contract/error-codes';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Posts a file to a presigned upload form (SPEC §7): every field in the order given, then the
 * file last under the name `file`, as multipart/form-data. XMLHttpRequest rather than fetch,
 * because only it reports upload progress. FormData sets the Content-Type with its boundary, and
 * the browser sends the Origin. Any 2xx is success (the local store and S3 answer 204, S3 may
 * answer 201); a failure's message is the JSON body's `message` (the local store), else the
 * generic one (S3 answers XML).
 */
export function postUploadForm(
  upload: PresignedUpload,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress({ loaded: file.size, total: file.size });
        resolve();
      } else {
        reject(failureOf(request.status, request.responseText));
      }
    };
    request.onerror = () => reject(new ServerError(genericErrorMessage(), { status: 0 }));
    request.onabort = () => reject(new ServerError(genericErrorMessage(), { status: 0 }));
    request.send(form);
  });
}

/** The error of a refused upload: the local store's `{message, code}`, or the generic message. */
function failureOf(status: number, body: string): ServerError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return new ServerError(genericErrorMessage(), { status });
  }
  const record =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' && record.message.trim() !== ''
      ? record.message
      : genericErrorMessage();
  return new ServerError(message, {
    status,
    // The local store's codes come from the server's catalogue, which the same union types.
    ...(typeof record.code === 'string' ? { code: record.code as ErrorCode } : {}),
  });
}
