import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import type { MigrationDb } from './schema-parts';

/**
 * SQLite: the staff summary's activity and name are kept by the statements that write answers
 * (application/summary-upkeep.ts) instead of migration 0010's row triggers on answers, which ran
 * once per answer written: a save of ten answers made ten activity updates and computed and wrote
 * the name once per name answer, about a sixth of a save's cost (issue 19). The summary reads as it
 * did. PostgreSQL keeps its statement-level triggers (migration 0013); the other row triggers of
 * 0010 stay on both (each of their statements writes one row).
 */
export const migration: Migration = {
  async up(db: MigrationDb) {
    if (dialectOf(db) !== 'sqlite') return;
    for (const trigger of [
      'application_summaries_answer_insert',
      'application_summaries_answer_update',
      'application_summaries_name_insert',
      'application_summaries_name_update',
    ]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
  },
};
