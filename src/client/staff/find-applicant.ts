import { ServerError } from '../api/errors';
import { queryString, staffApi } from './staff-api';
import type { ApplicationRow } from '../../contract/staff-applications';

/** Said when no applicant has the address typed (links, data requests). */
const noSuchApplicant = 'No applicant has this e-mail address.';

/**
 * The applicant with exactly this e-mail, found through the list's search (which reads and
 * audits what the list shows anyway). Throws a ServerError with noSuchApplicant when none has it.
 */
export async function findApplicant(email: string): Promise<ApplicationRow> {
  const list = await staffApi.applications(queryString({ q: email, pageSize: 25 }));
  const row = list.rows.find((r) => r.email.toLowerCase() === email.toLowerCase());
  if (!row) throw new ServerError(noSuchApplicant, { status: 404 });
  return row;
}
