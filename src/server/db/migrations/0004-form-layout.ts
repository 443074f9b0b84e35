import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('add_another_counts')
      .addColumn('account_id', 'text', (c) =>
        c.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('button_id', 'text', (c) => c.notNull())
      .addColumn('num_components', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('add_another_counts_pk', ['account_id', 'button_id'])
      .execute();
    await db.schema
      .createTable('chosen_tabs')
      .addColumn('account_id', 'text', (c) =>
        c.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('tab_id', 'text', (c) => c.notNull())
      .addColumn('chosen_tab', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('chosen_tabs_pk', ['account_id', 'tab_id'])
      .execute();
  },
};
