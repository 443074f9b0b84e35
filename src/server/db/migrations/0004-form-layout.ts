import type { Migration } from 'kysely';
import { createTable, type MigrationDb } from './schema-parts';

export const migration: Migration = {
  async up(db: MigrationDb) {
    await createTable(db, 'add_another_counts', {
      columns: `account_id account, button_id text, num_components integer`,
      primaryKey: ['account_id', 'button_id'],
    });
    await createTable(db, 'chosen_tabs', {
      columns: `account_id account, tab_id text, chosen_tab text`,
      primaryKey: ['account_id', 'tab_id'],
    });
  },
};
