import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError, errors } from '../errors';
import { fileMessages, MAX_FILE_BYTES } from '../../engine/file-rules';
import { documentKindOf } from '../conversion/file-content';
import type { LocalBlobStore } from '../blobs/local-blob-store';
import type { UploadGrants } from './upload-grants';

export interface UploadRoutesOptions {
  store: LocalBlobStore;
  /** The forms' grants: each form uploads once (none kept: tests of the route alone). */
  grants?: UploadGrants;
}

/** Reads a file part, stopping at `max` bytes: undefined when the file is larger. */
async function readAtMost(stream: Readable & { truncated?: boolean }, max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  }
  return size > max || stream.truncated ? undefined : new Uint8Array(Buffer.concat(chunks));
}

/**
 * A multipart body the parser cannot read (no boundary, cut short) is the sender's mistake: a
 * 400, not a 500. The parser's own limits keep their 4xx.
 */
function formError(error: unknown): never {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (error instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500)) {
    throw error;
  }
  throw new AppError('UPLOAD_FORM_INVALID');
}

/**
 * The local blob store's upload route (POST /uploads), taking the presigned form the way S3
 * does: multipart fields first (key, account, policy, signature), the file last under "file".
 * The policy's signature, expiry, exact key and size range are enforced before anything is
 * written, and the content must be a PNG, JPEG, PDF or Word document. Success is 204, as S3's.
 */
export async function uploadRoutes(app: FastifyInstance, { store, grants }: UploadRoutesOptions) {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
  });

  app.post('/', async (request, reply) => {
    if (!request.isMultipart()) {
      throw errors.UPLOAD_NOT_MULTIPART();
    }
    const part = await request.file().catch(formError);
    if (!part || part.fieldname !== 'file') {
      throw errors.UPLOAD_FILE_NOT_LAST();
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(part.fields)) {
      if (name === 'file') continue;
      if (
        !value ||
        Array.isArray(value) ||
        value.type !== 'field' ||
        typeof value.value !== 'string'
      ) {
        throw errors.UPLOAD_FIELD_INVALID(name);
      }
      fields[name] = value.value;
    }
    let allowed;
    try {
      allowed = store.verifyPost(fields);
    } catch (error) {
      part.file.resume(); // let the rest of the body go by
      throw error;
    }
    const bytes = await readAtMost(part.file, allowed.maxBytes).catch(formError);
    if (!bytes) throw new AppError('FILE_TOO_LARGE', fileMessages.tooLarge);
    if (bytes.length < allowed.minBytes) throw new AppError('FILE_REJECTED', fileMessages.empty);
    const content = await documentKindOf(bytes);
    if (!content.ok) throw new AppError('FILE_REJECTED', content.message);
    // Claimed before the write, so two requests with one form cannot both write; given back when
    // the write fails, so the applicant's retry with the same form is not UPLOAD_EXISTS.
    if (grants && !(await grants.claim(allowed.key))) throw new AppError('UPLOAD_EXISTS');
    let stored: boolean;
    try {
      stored = await store.putNew(allowed.key, bytes);
    } catch (error) {
      await grants?.release(allowed.key);
      throw error;
    }
    if (!stored) throw new AppError('UPLOAD_EXISTS');
    return reply.status(204).send();
  });
}
