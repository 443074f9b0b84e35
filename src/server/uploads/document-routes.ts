import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors';
import { messages } from '../messages';
import type { ApplicationPdfService } from '../pdf/application-pdf-service';
import type { DocumentService } from './document-service';
import { accountOf } from '../identity/authenticate';

export interface DocumentRoutesOptions {
  documents: DocumentService;
  pdfs: ApplicationPdfService;
}

/** Answer keys are snake_case names (SPEC §3), which rules out "..", "/" and "%2F" alike. */
const answerKey = { type: 'string', pattern: '^[a-z][a-z0-9_]{0,79}$' } as const;
const keyParams = {
  type: 'object',
  properties: { key: answerKey },
  required: ['key'],
} as const;
const message = {
  200: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
} as const;
const conversionReply = {
  200: {
    type: 'object',
    properties: {
      status: {
        type: 'string',
        enum: ['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'NOT_ANSWERED'],
      },
      message: { type: 'string' },
    },
    required: ['status', 'message'],
  },
} as const;

/**
 * Characters no file name needs and that can make a shown name lie: C0 and C1 controls, the
 * bidirectional overrides, embeddings, isolates and marks (U+202E turns "exe.pdf" around),
 * zero-width characters and the line and paragraph separators.
 */
const unsafeInName =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters removed
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** A browser sends the bare name; an old one a whole path ("C:\fakepath\x.pdf"): keep the name. */
export const baseName = (name: string): string =>
  (name.split(/[\\/]/).pop() ?? '').replace(unsafeInName, '').trim();

/** Sends PDF bytes as a download (or inline, for staff reading in the browser). */
export function sendPdf(
  reply: FastifyReply,
  bytes: Uint8Array,
  fileName: string,
  disposition: 'attachment' | 'inline',
) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `${disposition}; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** Documents and the application PDF (SPEC §7), for the signed-in applicant; inside /api. */
export async function documentRoutes(app: FastifyInstance, options: DocumentRoutesOptions) {
  const { documents, pdfs } = options;

  app.post<{ Body: { answer_key: string } }>(
    '/presigned-url',
    {
      schema: {
        body: {
          type: 'object',
          properties: { answer_key: answerKey },
          required: ['answer_key'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              url: { type: 'string' },
              fields: { type: 'object', additionalProperties: { type: 'string' } },
            },
            required: ['url', 'fields'],
          },
        },
      },
    },
    async (request) => documents.presign(accountOf(request).accountId, request.body.answer_key),
  );

  app.get(
    '/document-answer',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              properties: { file_name: { type: 'string' }, file_size: { type: 'integer' } },
              required: ['file_name', 'file_size'],
            },
          },
        },
      },
    },
    async (request) => documents.list(accountOf(request).accountId),
  );

  const remove = async (accountId: string, key: string) => {
    await documents.remove(accountId, key);
    return { message: messages.fileDeleted };
  };
  app.delete<{ Params: { key: string } }>(
    '/document-answer/:key',
    { schema: { params: keyParams, response: message } },
    async (request) => remove(accountOf(request).accountId, request.params.key),
  );
  app.delete<{ Params: { key: string } }>(
    '/pdf/document-answer/:key',
    { schema: { params: keyParams, response: message } },
    async (request) => remove(accountOf(request).accountId, request.params.key),
  );

  app.post<{ Params: { key: string }; Body: { file_key: string; file_name: string } }>(
    '/pdf/document-answer/:key',
    {
      schema: {
        params: keyParams,
        body: {
          type: 'object',
          properties: {
            file_key: { type: 'string', minLength: 1, maxLength: 512 },
            file_name: { type: 'string', minLength: 1, maxLength: 255 },
          },
          required: ['file_key', 'file_name'],
        },
        response: conversionReply,
      },
    },
    async (request) =>
      documents.requestConversion(
        accountOf(request).accountId,
        request.params.key,
        request.body.file_key,
        baseName(request.body.file_name),
      ),
  );

  app.get<{ Params: { key: string } }>(
    '/pdf/document-answer/:key',
    { schema: { params: keyParams, response: conversionReply } },
    async (request) => documents.status(accountOf(request).accountId, request.params.key),
  );

  app.get(
    '/pdf',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              status: {
                type: 'string',
                enum: ['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'],
              },
              url: { type: 'string' },
              message: { type: 'string' },
            },
            required: ['status', 'url', 'message'],
          },
        },
      },
    },
    async (request) => pdfs.status(accountOf(request).accountId),
  );

  app.get('/pdf/file', async (request, reply) => {
    const bytes = await pdfs.file(accountOf(request).accountId);
    if (!bytes) throw new AppError('PDF_NOT_READY');
    return sendPdf(reply, bytes, 'application.pdf', 'attachment');
  });
}
