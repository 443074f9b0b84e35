import { sql, type Kysely } from 'kysely';
import { definitionChanges, type PageChanges } from '../../engine/definition-changes';
import type { FormState } from '../../engine/definitions';
import type { Clock } from '../clock';
import type { Db, InGroupRunner } from '../db/database';
import type { Database } from '../db/tables';
import { PreparedQuery } from '../db/prepared-query';
import type { DefinitionSet, FormsRuntime } from './forms-runtime';

/** What changed for an applicant since their last save: the old edition's label and the pages. */
export interface ChangesSinceLastSave {
  since: string;
  pages: PageChanges[];
}

interface Snapshot {
  label: string;
  definitions: DefinitionSet;
}

/**
 * Definition versions (issue 18): each version's definitions are kept once, when a server first
 * runs it, so a draft saved before a deploy can be compared with the forms of today.
 */
export class DefinitionVersions {
  /** Snapshots never change once written: each is read and parsed once per process. */
  private readonly parsed = new Map<string, Snapshot>();

  constructor(
    private readonly db: Db,
    private readonly forms: FormsRuntime,
    private readonly clock: Clock,
  ) {}

  private recorded: Promise<void> | undefined;

  /**
   * Keeps today's definitions under their version, once per process: tried at start and again
   * before each comparison until it has succeeded, so a database that was down when the server
   * started still gets the snapshot once it answers.
   */
  ensureSnapshot(): Promise<void> {
    this.recorded ??= this.recordSnapshot().catch((error: unknown) => {
      this.recorded = undefined;
      throw error;
    });
    return this.recorded;
  }

  /** Keeps today's definitions under their version; a version already kept is left as it is. */
  private async recordSnapshot(): Promise<void> {
    const { version, label, definitions } = this.forms;
    await this.db
      .insertInto('definition_snapshots')
      .values({
        version,
        label,
        definitions: JSON.stringify(definitions),
        created_at: this.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('version').doNothing())
      .execute();
  }

  /**
   * The changes an applicant meets when their last save was made under other definitions than
   * today's; undefined when it was made under today's, or before any save recorded a version, or
   * under a version whose definitions were never kept.
   */
  async changesFor(
    accountId: string,
    state: () => Promise<FormState>,
  ): Promise<ChangesSinceLastSave | undefined> {
    await this.ensureSnapshot();
    const account = await this.db
      .selectFrom('accounts')
      .select('forms_version')
      .where('id', '=', accountId)
      .executeTakeFirst();
    const saved = account?.forms_version;
    if (!saved || saved === this.forms.version) return undefined;
    const snapshot = await this.snapshot(saved);
    if (!snapshot) return undefined;
    return {
      since: snapshot.label,
      pages: definitionChanges(
        snapshot.definitions.pages,
        this.forms.pages,
        await state(),
        this.clock.now(),
      ),
    };
  }

  private async snapshot(version: string): Promise<Snapshot | undefined> {
    const cached = this.parsed.get(version);
    if (cached) return cached;
    const row = await this.db
      .selectFrom('definition_snapshots')
      .select(['label', 'definitions'])
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) return undefined;
    const snapshot = {
      label: row.label,
      definitions: JSON.parse(row.definitions) as DefinitionSet,
    };
    this.parsed.set(version, snapshot);
    return snapshot;
  }
}

/** Run by every group of saves: prepared once (see prepared-query.ts). */
const setSaveVersion = new PreparedQuery((db, p: { accountIds: string; version: string }) =>
  db
    .updateTable('accounts')
    .set({ forms_version: p.version })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom(sql<{ value: string }>`json_each(${p.accountIds})`.as('saved'))
        .select('saved.value'),
    )
    .where((eb) => eb.or([eb('forms_version', 'is', null), eb('forms_version', '!=', p.version)])),
);

/**
 * Records the version saves were made under, for the accounts whose saves wrote, by one statement
 * per version in the group commit's transaction (SQLite; on PostgreSQL the saves' own statement
 * records it). A row is written only when its version differs, so saves under one version cost a
 * read of the row's index each.
 */
export function recordSaveVersions(
  db: Kysely<Database>,
  run: InGroupRunner,
  saves: Iterable<{ accountId: string; version: string }>,
): void {
  const byVersion = new Map<string, Set<string>>();
  for (const { accountId, version } of saves) {
    let accounts = byVersion.get(version);
    if (!accounts) byVersion.set(version, (accounts = new Set()));
    accounts.add(accountId);
  }
  for (const [version, accounts] of byVersion) {
    setSaveVersion.runNow(db, run, { accountIds: JSON.stringify([...accounts]), version });
  }
}
