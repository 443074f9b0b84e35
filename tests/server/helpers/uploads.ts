import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/** A multipart/form-data body: the fields in order, then the file under "file", as S3 wants. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; type?: string },
): { payload: Buffer; contentType: string } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Posts a presigned form and a file to the local store's route, as the browser would. */
export function postUpload(
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; type?: string },
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: t.config.publicUrl, 'content-type': contentType },
    payload,
  });
}

export interface Presigned {
  url: string;
  fields: Record<string, string>;
}

/** POST /api/presigned-url for a question. */
export async function presign(
  t: TestApp,
  cookies: Record<string, string>,
  answerKey = 'transcript_file',
): Promise<Presigned> {
  const response = await t.call('POST', '/api/presigned-url', { answer_key: answerKey }, cookies);
  if (response.statusCode !== 200) throw new Error(`presign failed: ${response.body}`);
  return response.json() as Presigned;
}

/**
 * The whole client journey for one file: presign, upload, ask for the conversion. Returns the
 * conversion request's response (the upload must succeed).
 */
export async function uploadDocument(
  t: TestApp,
  cookies: Record<string, string>,
  bytes: Uint8Array,
  fileName: string,
  answerKey = 'transcript_file',
): Promise<LightMyRequestResponse> {
  const form = await presign(t, cookies, answerKey);
  const uploaded = await postUpload(t, form.url, form.fields, { name: fileName, bytes });
  if (uploaded.statusCode !== 204) throw new Error(`upload failed: ${uploaded.body}`);
  return t.call(
    'POST',
    `/api/pdf/document-answer/${answerKey}`,
    { file_key: form.fields.key, file_name: fileName },
    cookies,
  );
}
