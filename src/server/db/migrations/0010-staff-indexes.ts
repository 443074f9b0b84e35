import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { createIndexes, createTable, type MigrationDb } from './schema-parts';

/**
 * What the staff console reads at scale (issue 17: a page of 50,000 applications in under 100 ms):
 * one summary row per account, and per page and field how many applicants' latest validation
 * reports name it. Both are kept by triggers on the tables they summarise, so every write path (saves,
 * document answers, tab clears, submit, erasure) keeps them right without knowing of them, and the
 * applicant's save pays one indexed update of its own row.
 *
 * The applicant's name is first_name and last_name, as the application PDF prints it; `search` is
 * the name and e-mail in lower case (SQLite lowers ASCII letters only), for the console's search.
 * `status` is how many of started, validating and submitted are recorded (SPEC §4: 0 is none).
 * `submitted_at` is '' until submission, so it sorts first on both databases, as null would not.
 */
const nameOf = (account: string) =>
  `trim(coalesce((select value from answers where account_id = ${account} and key = 'first_name'), '')
    || ' ' || coalesce((select value from answers where account_id = ${account} and key = 'last_name'), ''))`;
const statusOf = (account: string) =>
  `(select count(*) from web_statuses where account_id = ${account}
    and web_status in ('started', 'validating', 'submitted'))`;

export const migration: Migration = {
  async up(db: MigrationDb) {
    const postgres = dialectOf(db) === 'postgres';
    const later = postgres ? 'greatest' : 'max';
    await createTable(db, 'application_summaries', {
      columns: `account_id account key, email collated text, name collated text,
        search collated text, status integer, last_page collated text,
        last_activity_at collated text, submitted_at collated text`,
      // One index per sort of the list; the account id breaks ties, so pages never overlap. The
      // status beside the last page answers the analytics' "where applicants stop" from the index.
      indexes: {
        application_summaries_name: ['name', 'account_id'],
        application_summaries_email: ['email', 'account_id'],
        application_summaries_status: ['status', 'account_id'],
        application_summaries_last_page: ['last_page', 'account_id', 'status'],
        application_summaries_last_activity_at: ['last_activity_at', 'account_id'],
        application_summaries_submitted_at: ['submitted_at', 'account_id'],
        // The console's usual view: the submitted ones, newest first.
        application_summaries_status_submitted_at: ['status', 'submitted_at', 'account_id'],
      },
    });
    await createTable(db, 'missed_field_counts', {
      columns: `page text, key text, count integer`,
      primaryKey: ['page', 'key'],
    });
    // The analytics read indexes only: failed conversions, confirmed accounts.
    await createIndexes(db, 'document_answers', { document_answers_status: ['status', 'message'] });
    await createIndexes(db, 'accounts', { accounts_confirmed: ['confirmed_at'] });

    await sql`insert into application_summaries
      (account_id, email, name, search, status, last_page, last_activity_at, submitted_at)
      select a.id, a.username, '', '', ${sql.raw(statusOf('a.id'))}, a.last_page,
        ${sql.raw(later)}(a.created_at,
          coalesce((select max(updated_at) from answers where account_id = a.id), ''),
          coalesce((select max(created_at) from web_statuses where account_id = a.id), ''),
          coalesce((select submitted_at from submissions where account_id = a.id), '')),
        coalesce((select submitted_at from submissions where account_id = a.id), '')
      from accounts a`.execute(db);
    await sql`update application_summaries set name = ${sql.raw(nameOf('application_summaries.account_id'))}`.execute(
      db,
    );
    await sql`update application_summaries set search = lower(trim(name || ' ' || email))`.execute(
      db,
    );
    await (
      postgres
        ? sql`insert into missed_field_counts (page, key, count)
            select r.page, k, count(*) from validation_reports r, jsonb_object_keys(r.errors::jsonb) k
            group by r.page, k`
        : sql`insert into missed_field_counts (page, key, count)
            select r.page, j.key, count(*) from validation_reports r, json_each(r.errors) j
            group by r.page, j.key`
    ).execute(db);

    for (const statement of postgres ? postgresTriggers() : sqliteTriggers()) {
      await sql.raw(statement).execute(db);
    }
  },
};

function sqliteTriggers(): string[] {
  const touch = (account: string, at: string) =>
    `update application_summaries set last_activity_at = ${at}
      where account_id = ${account} and last_activity_at < ${at};`;
  const rename = `update application_summaries set name = ${nameOf('new.account_id')},
      search = lower(trim(${nameOf('new.account_id')} || ' ' || email)) where account_id = new.account_id;`;
  // A report's fields count down as it is replaced or deleted, and up as it is written.
  const report = `insert into missed_field_counts (page, key, count)
      select new.page, key, 1 from json_each(new.errors) where true
      on conflict (page, key) do update set count = count + 1;`;
  const unreport = `update missed_field_counts set count = count - 1
      where page = old.page and key in (select key from json_each(old.errors));`;
  return [
    `create trigger application_summaries_account_insert after insert on accounts begin
      insert into application_summaries
        (account_id, email, name, search, status, last_page, last_activity_at, submitted_at)
      values (new.id, new.username, '', lower(new.username), 0, new.last_page, new.created_at, '');
    end`,
    `create trigger application_summaries_account_update after update of username, last_page
      on accounts begin
      update application_summaries set email = new.username, last_page = new.last_page,
        search = lower(trim(name || ' ' || new.username)) where account_id = new.id;
    end`,
    `create trigger application_summaries_answer_insert after insert on answers begin
      ${touch('new.account_id', 'new.updated_at')}
    end`,
    `create trigger application_summaries_answer_update after update on answers begin
      ${touch('new.account_id', 'new.updated_at')}
    end`,
    `create trigger application_summaries_name_insert after insert on answers
      when new.key in ('first_name', 'last_name') begin ${rename} end`,
    `create trigger application_summaries_name_update after update on answers
      when new.key in ('first_name', 'last_name') begin ${rename} end`,
    `create trigger application_summaries_status after insert on web_statuses begin
      update application_summaries set status = ${statusOf('new.account_id')}
        where account_id = new.account_id;
      ${touch('new.account_id', 'new.created_at')}
    end`,
    `create trigger application_summaries_submission after insert on submissions begin
      update application_summaries set submitted_at = new.submitted_at
        where account_id = new.account_id;
      ${touch('new.account_id', 'new.submitted_at')}
    end`,
    `create trigger missed_field_counts_insert after insert on validation_reports begin
      ${report}
    end`,
    `create trigger missed_field_counts_update after update on validation_reports begin
      ${unreport} ${report}
    end`,
    `create trigger missed_field_counts_delete after delete on validation_reports begin
      ${unreport}
    end`,
  ];
}

function postgresTriggers(): string[] {
  const touch = (at: string) =>
    `update application_summaries set last_activity_at = ${at}
      where account_id = new.account_id and last_activity_at < ${at};`;
  const fn = (name: string, body: string, declare = '') =>
    `create function ${name}() returns trigger language plpgsql as $$
    ${declare}
    begin
      ${body}
      return null;
    end $$`;
  const trigger = (name: string, events: string, table: string) =>
    `create trigger ${name} after ${events} on ${table} for each row execute function ${name}()`;
  return [
    fn(
      'application_summaries_account',
      `if tg_op = 'INSERT' then
        insert into application_summaries
          (account_id, email, name, search, status, last_page, last_activity_at, submitted_at)
        values (new.id, new.username, '', lower(new.username), 0, new.last_page, new.created_at, '');
      else
        update application_summaries set email = new.username, last_page = new.last_page,
          search = lower(trim(name || ' ' || new.username)) where account_id = new.id;
      end if;`,
    ),
    trigger('application_summaries_account', 'insert or update of username, last_page', 'accounts'),
    fn(
      'application_summaries_answer',
      `${touch('new.updated_at')}
      if new.key in ('first_name', 'last_name') then
        update application_summaries set name = ${nameOf('new.account_id')},
          search = lower(trim(${nameOf('new.account_id')} || ' ' || email))
          where account_id = new.account_id;
      end if;`,
    ),
    trigger('application_summaries_answer', 'insert or update', 'answers'),
    fn(
      'application_summaries_status',
      `update application_summaries set status = ${statusOf('new.account_id')}
        where account_id = new.account_id;
      ${touch('new.created_at')}`,
    ),
    trigger('application_summaries_status', 'insert', 'web_statuses'),
    fn(
      'application_summaries_submission',
      `update application_summaries set submitted_at = new.submitted_at
        where account_id = new.account_id;
      ${touch('new.submitted_at')}`,
    ),
    trigger('application_summaries_submission', 'insert', 'submissions'),
    // Each key's change applied once, in key order: two reports written at once take the
    // counters' row locks in the same order, so they wait for each other and never deadlock.
    fn(
      'missed_field_counts_sync',
      `for field, delta in
        select k, sum(d)::integer from (
          select k, -1 as d from jsonb_object_keys(
            case when tg_op = 'INSERT' then '{}'::jsonb else old.errors::jsonb end) k
          union all
          select k, 1 from jsonb_object_keys(
            case when tg_op = 'DELETE' then '{}'::jsonb else new.errors::jsonb end) k
        ) changes group by k having sum(d) <> 0 order by k
      loop
        insert into missed_field_counts (page, key, count)
          values (case when tg_op = 'DELETE' then old.page else new.page end, field, delta)
          on conflict (page, key) do update set count = missed_field_counts.count + delta;
      end loop;`,
      'declare field text; delta integer;',
    ),
    trigger('missed_field_counts_sync', 'insert or update or delete', 'validation_reports'),
  ];
}
