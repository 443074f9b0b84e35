import type { FastifyInstance } from 'fastify';
import type { Documents } from '../documents';
import { sessionScope, type SessionScopeOptions } from '../identity/route-scopes';
import { pdfRoutes } from './pdf-routes';

export interface PdfPluginOptions extends SessionScopeOptions {
  documents: Documents;
}

/** The application PDF: its status and file for the signed-in applicant (/api). */
export async function pdfPlugin(app: FastifyInstance, options: PdfPluginOptions) {
  await app.register(
    async (scope) => {
      await scope.register(sessionScope, options);
      await scope.register(pdfRoutes, { pdfs: options.documents.pdfs });
    },
    { prefix: '/api' },
  );
}
