import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { listApplications } from '../../../src/server/staff/applications-query';
import { createTestApp, databases, type TestApp } from '../helpers/test-app';
import { applicant } from './staff-seed';

/**
 * The list's counts by status (issue 44): without words to search, each status is counted through
 * an index that starts with the status, never by reading and grouping every summary row.
 */
describe.each(databases)('the applications list’s counts by status ($name)', ({ url }) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(url);
    await applicant(t, 'ada@example.com', { status: 'started' });
    await applicant(t, 'grace@example.com', { status: 'validating', submit: true });
  }, 60_000);
  afterAll(() => t.close());

  /** The statements a list call runs, compiled as the database receives them. */
  async function statementsOf(query: Parameters<typeof listApplications>[1]) {
    const seen: CompiledQuery[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        seen.push(t.db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const page = await listApplications(t.db.withPlugin(capture), query);
    return { page, seen };
  }

  async function planOf(statement: CompiledQuery): Promise<string> {
    if (!url) {
      const { rows } = await t.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
      );
      return rows.map((row) => row.detail).join('\n');
    }
    // A table this small is read whole whatever its indexes: turned off, the plan shows them.
    return t.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it.each([
    ['no filter', {}, 2],
    ['a submission date range', { submittedFrom: '2000-01-01', submittedTo: '2100-12-31' }, 1],
  ] as const)('counts each status through an index with %s', async (_filter, query, all) => {
    const { page, seen } = await statementsOf(query);
    expect(page.counts.all).toBe(all);
    const counts = seen.find((statement) => statement.sql.includes('as "submitted"'));
    expect(counts).toBeDefined();
    const plan = await planOf(counts!);
    if (url) {
      expect(plan.match(/Index Cond: \(.*status = /g)).toHaveLength(4);
      expect(plan).not.toMatch(/Seq Scan|Aggregate .*Group|HashAggregate/);
    } else {
      expect(
        plan.match(/SEARCH s USING COVERING INDEX application_summaries_status/g),
      ).toHaveLength(4);
      expect(plan).not.toMatch(/SCAN s\b/);
    }
  });

  it('counts what a search leaves by reading those rows once', async () => {
    const { page } = await statementsOf({ q: 'grace' });
    expect(page.counts).toEqual({ all: 1, none: 0, started: 0, validating: 0, submitted: 1 });
  });
});
