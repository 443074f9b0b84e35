import type { Db } from '../db/database';

/** An upload form's grant, spent by the one upload that stores its file. */
export interface UploadGrants {
  /** Spends the form's grant; false when it was already used (each form uploads once). */
  claim(objectKey: string): Promise<boolean>;
  /** Gives a claimed grant back: its file could not be stored, so the form may be sent again. */
  release(objectKey: string): Promise<void>;
}

/**
 * Spends an upload form: true for the one request that marks its grant received, false for every
 * other (replayed, or sent many times at once). One conditional statement on both databases, so
 * no two requests can both find the grant unused.
 */
async function claimUploadGrant(db: Db, objectKey: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('upload_grants')
    .set({ uploaded_at: now.toISOString() })
    .where('object_key', '=', objectKey)
    .where('uploaded_at', 'is', null)
    .returning('object_key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks a grant unused again. Only the request that claimed it calls this, while it still holds
 * the claim (no other request can have claimed it meanwhile), and only when the store refused
 * the file: a write that failed half-way must not cost the applicant their form (UPLOAD_EXISTS
 * on the retry).
 */
async function releaseUploadGrant(db: Db, objectKey: string): Promise<void> {
  await db
    .updateTable('upload_grants')
    .set({ uploaded_at: null })
    .where('object_key', '=', objectKey)
    .execute();
}

/** The grants of `db`, as the upload route spends them. */
export function uploadGrantsOf(db: Db, now: () => Date): UploadGrants {
  return {
    claim: (objectKey) => claimUploadGrant(db, objectKey, now()),
    release: (objectKey) => releaseUploadGrant(db, objectKey),
  };
}
