/**
 * Versioned migrations, one file each, applied in name order (at start unless MIGRATE_ON_START
 * is false, and by `npm run migrate`). Never change what one that has shipped does: add a new file
 * and list it here. Rewording one is allowed only when the schema it makes is proven identical on
 * both databases (a dump of SQLite's sqlite_master and of PostgreSQL's columns, indexes,
 * constraints and triggers, before and after), as when they moved to schema-parts.ts. Each works
 * on SQLite and PostgreSQL alike; new tables are declared with schema-parts.ts's column kinds.
 */
import type { Migration } from 'kysely';
import { migration as m0001 } from './0001-identity';
import { migration as m0002 } from './0002-application';
import { migration as m0003 } from './0003-lookup';
import { migration as m0004 } from './0004-form-layout';
import { migration as m0005 } from './0005-documents';
import { migration as m0006 } from './0006-job-owner';
import { migration as m0007 } from './0007-data-safety';
import { migration as m0008 } from './0008-staff';
import { migration as m0009 } from './0009-definition-versions';
import { migration as m0010 } from './0010-staff-indexes';
import { migration as m0011 } from './0011-audit-append-only';
import { migration as m0012 } from './0012-staff-temporary-password';
import { migration as m0013 } from './0013-summary-statement-triggers';
import { migration as m0014 } from './0014-account-submitted';
import { migration as m0015 } from './0015-sqlite-summary-without-answer-triggers';
import { migration as m0016 } from './0016-summary-pending';
import { migration as m0018 } from './0018-audit-subjects';
import { migration as m0017 } from './0017-pending-sign-ups';
import { migration as m0021 } from './0021-summary-search-words';
import { migration as m0022 } from './0022-account-language';
import { migration as m0023 } from './0023-submissions-submitted-at';

export const migrations: Record<string, Migration> = {
  '0001_identity': m0001,
  '0002_application': m0002,
  '0003_lookup': m0003,
  '0004_form_layout': m0004,
  '0005_documents': m0005,
  '0006_job_owner': m0006,
  '0007_data_safety': m0007,
  '0008_staff': m0008,
  '0009_definition_versions': m0009,
  '0010_staff_indexes': m0010,
  '0011_audit_append_only': m0011,
  '0012_staff_temporary_password': m0012,
  '0013_summary_statement_triggers': m0013,
  '0014_account_submitted': m0014,
  '0015_sqlite_summary_without_answer_triggers': m0015,
  '0016_summary_pending': m0016,
  '0018_audit_subjects': m0018,
  '0017_pending_sign_ups': m0017,
  '0021_summary_search_words': m0021,
  '0022_account_language': m0022,
  '0023_submissions_submitted_at': m0023,
};
