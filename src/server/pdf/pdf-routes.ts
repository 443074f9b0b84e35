import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors';
import { accountOf } from '../identity/authenticate';
import { localeOf } from '../i18n/request-locale';
import { translated } from '../i18n/server-i18n';
import type { ApplicationPdfService } from './application-pdf-service';
import { pdfReply } from '../../contract/documents';

export interface PdfRoutesOptions {
  pdfs: ApplicationPdfService;
}

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

/** The application PDF (SPEC §7), for the signed-in applicant; inside /api. */
export async function pdfRoutes(app: FastifyInstance, options: PdfRoutesOptions) {
  const { pdfs } = options;

  app.get('/pdf', { schema: { response: pdfReply } }, async (request) => {
    const status = await pdfs.status(accountOf(request).accountId);
    // Kept in English with the build; said in the request's language.
    return { ...status, message: translated(localeOf(request), status.message) };
  });

  app.get('/pdf/file', async (request, reply) => {
    const bytes = await pdfs.file(accountOf(request).accountId);
    if (!bytes) throw new AppError('PDF_NOT_READY');
    return sendPdf(reply, bytes, 'application.pdf', 'attachment');
  });
}
