import type { FastifyInstance } from 'fastify';
import { LocalBlobStore } from '../blobs/local-blob-store';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Documents } from '../documents';
import { sessionScope, type SessionScopeOptions } from '../identity/route-scopes';
import { documentRoutes } from './document-routes';
import { uploadGrantsOf } from './upload-grants';
import { uploadRoutes } from './upload-routes';

export interface UploadsPluginOptions extends SessionScopeOptions {
  db: Db;
  clock: Clock;
  documents: Documents;
}

/**
 * Uploads: the applicant's documents and their PDFs (/api), and the local blob store's upload form
 * (/uploads) when files are kept on disk rather than in S3 (ARCHITECTURE decision 6).
 */
export async function uploadsPlugin(app: FastifyInstance, options: UploadsPluginOptions) {
  const { db, clock, documents } = options;
  await app.register(
    async (scope) => {
      await scope.register(sessionScope, options);
      await scope.register(documentRoutes, { documents: documents.documents });
    },
    { prefix: '/api' },
  );
  if (documents.blobs instanceof LocalBlobStore) {
    await app.register(uploadRoutes, {
      prefix: '/uploads',
      store: documents.blobs,
      grants: uploadGrantsOf(db, () => clock.now()),
    });
  }
}
