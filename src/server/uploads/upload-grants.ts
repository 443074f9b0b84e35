import type { Db } from '../db/database';

/**
 * Spends an upload form: true for the one request that marks its grant received, false for every
 * other (replayed, or sent many times at once). One conditional statement on both databases, so
 * no two requests can both find the grant unused.
 */
export async function claimUploadGrant(db: Db, objectKey: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('upload_grants')
    .set({ uploaded_at: now.toISOString() })
    .where('object_key', '=', objectKey)
    .where('uploaded_at', 'is', null)
    .returning('object_key')
    .executeTakeFirst();
  return row !== undefined;
}
