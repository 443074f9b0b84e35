import type { Migration } from 'kysely';
import { addColumns, createIndexes, type MigrationDb } from './schema-parts';

/**
 * Jobs name the applicant they work for, so a runner never runs two of one applicant's jobs at
 * once (JobQueue.claim): one account's slow uploads cannot hold every slot. Express jobs (images,
 * whose cost the header check bounds) may also run in a slot of their own when every other slot
 * is busy with slow conversions.
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    await addColumns(db, 'jobs', 'owner text?, express integer default 0');
    await createIndexes(db, 'jobs', { jobs_owner_running: ['owner', 'status'] });
  },
};
