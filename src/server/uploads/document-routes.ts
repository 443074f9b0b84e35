import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localeOf, textFor } from '../i18n/request-locale';
import { translated } from '../i18n/server-i18n';
import type { ConversionStatus, DocumentService } from './document-service';
import { accountOf } from '../identity/authenticate';
import {
  conversionBody,
  conversionReply,
  documentAnswersReply,
  keyParams,
  presignBody,
  presignReply,
  type ConversionBody,
  type KeyParams,
  type PresignBody,
} from '../../contract/documents';
import { messageReply as message } from '../../contract/wire';

export interface DocumentRoutesOptions {
  documents: DocumentService;
}

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

/** Documents (SPEC §7), for the signed-in applicant; inside /api. */
export async function documentRoutes(app: FastifyInstance, options: DocumentRoutesOptions) {
  const { documents } = options;

  app.post<{ Body: PresignBody }>(
    '/presigned-url',
    { schema: { body: presignBody, response: presignReply } },
    async (request) => documents.presign(accountOf(request).accountId, request.body.answer_key),
  );

  app.get('/document-answer', { schema: { response: documentAnswersReply } }, async (request) =>
    documents.list(accountOf(request).accountId),
  );

  const remove = async (request: FastifyRequest<{ Params: KeyParams }>) => {
    await documents.remove(accountOf(request).accountId, request.params.key);
    return { message: textFor(request, 'messages.fileDeleted') };
  };
  /** A conversion's status, its message (kept in English with the job) in the request's language. */
  const said = (
    request: FastifyRequest,
    status: { status: ConversionStatus; message: string },
  ) => ({
    ...status,
    message: translated(localeOf(request), status.message),
  });
  app.delete<{ Params: KeyParams }>(
    '/document-answer/:key',
    { schema: { params: keyParams, response: message } },
    remove,
  );
  app.delete<{ Params: KeyParams }>(
    '/pdf/document-answer/:key',
    { schema: { params: keyParams, response: message } },
    remove,
  );

  app.post<{ Params: KeyParams; Body: ConversionBody }>(
    '/pdf/document-answer/:key',
    { schema: { params: keyParams, body: conversionBody, response: conversionReply } },
    async (request) =>
      said(
        request,
        await documents.requestConversion(
          accountOf(request).accountId,
          request.params.key,
          request.body.file_key,
          baseName(request.body.file_name),
        ),
      ),
  );

  app.get<{ Params: KeyParams }>(
    '/pdf/document-answer/:key',
    { schema: { params: keyParams, response: conversionReply } },
    async (request) =>
      said(request, await documents.status(accountOf(request).accountId, request.params.key)),
  );
}
