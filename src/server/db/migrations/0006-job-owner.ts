import type { Kysely, Migration } from 'kysely';

/**
 * Jobs name the applicant they work for, so a runner never runs two of one applicant's jobs at
 * once (JobQueue.claim): one account's slow uploads cannot hold every slot. Express jobs (images,
 * whose cost the header check bounds) may also run in a slot of their own when every other slot
 * is busy with slow conversions.
 */
export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('jobs').addColumn('owner', 'text').execute();
    await db.schema
      .alterTable('jobs')
      .addColumn('express', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('jobs_owner_running')
      .on('jobs')
      .columns(['owner', 'status'])
      .execute();
  },
};
