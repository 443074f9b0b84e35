import type { Kysely, Migration } from 'kysely';

/**
 * Jobs name the applicant they work for, so a runner never runs two of one applicant's jobs at
 * once (JobQueue.claim): one account's slow uploads cannot hold every slot.
 */
export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('jobs').addColumn('owner', 'text').execute();
    await db.schema.createIndex('jobs_owner_running').on('jobs').columns(['owner', 'status']).execute();
  },
};
