/**
 * The audit log in words a registrar can hand to a FERPA reviewer (issue 44): each action code as
 * a phrase, each record's detail as a sentence. The codes stay in the table (and beside the words
 * in the API and the CSV); only what people read is worded here.
 */

/** Every action the code base records, in words. A code missing here is shown as itself. */
export const actionWords: Readonly<Record<string, string>> = {
  'application.read': 'Read an application',
  'application.packet': 'Downloaded a submission packet',
  'application.document': 'Downloaded a document',
  'application.pdf': 'Downloaded an application PDF',
  'applications.list': 'Listed applications',
  'applications.search': 'Searched applications',
  'analytics.view': 'Viewed analytics',
  'export.csv': 'Exported applications as CSV',
  'export.jsonl': 'Exported applications as JSON Lines',
  'audit.view': 'Viewed the audit log',
  'audit.export': 'Exported the audit log',
  'link.issue': 'Issued a service link',
  'link.revoke': 'Revoked a service link',
  'data.lookup': "Looked up an applicant's data",
  'data.export': "Exported an applicant's data",
  'data.erase': "Erased an applicant's data",
  'staff.sign-in': 'Signed in',
  'staff.password-change': 'Changed their password',
  'staff.add': 'Added a staff member',
  'staff.remove': 'Removed a staff member',
  'staff.role-change': "Changed a staff member's role",
  'staff.reset-totp': "Reset a staff member's authenticator",
};

/** The words of an action code, or the code itself for one not in the table. */
export function actionText(action: string): string {
  return actionWords[action] ?? action;
}

type Detail = Record<string, unknown>;

/** A whole number with thousands separators, as a reviewer reads it: 1,204. */
const number = (value: unknown) => Number(value ?? 0).toLocaleString('en-US');
const plural = (value: unknown, one: string, many = `${one}s`) =>
  `${number(value)} ${Number(value) === 1 ? one : many}`;
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The filters a list or audit view was asked for, as "status submitted, from 2026-01-15". */
function filtersText(filters: unknown): string {
  if (!filters || typeof filters !== 'object') return '';
  const parts = Object.entries(filters as Detail)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name} ${text(value)}`);
  return parts.length ? ` (filtered by ${parts.join(', ')})` : '';
}

const sentences: Readonly<Record<string, (detail: Detail) => string>> = {
  'application.read': (d) =>
    d.part ? `Read the application's ${text(d.part)}` : 'Read the application',
  'application.document': (d) =>
    d.key ? `Downloaded the document for ${text(d.key)}` : 'Downloaded a document',
  'applications.list': (d) =>
    `Listed ${plural(d.shown, 'application')} on page ${number(d.page)}${filtersText(d.filters)}`,
  'applications.search': (d) =>
    `Searched applications and was shown ${plural(d.shown, 'result')} on page ${number(d.page)}${filtersText(d.filters)}`,
  'export.csv': (d) => `Exported ${plural(d.applications, 'submitted application')} as CSV`,
  'export.jsonl': (d) =>
    `Exported ${plural(d.applications, 'submitted application')} as JSON Lines`,
  'audit.view': (d) =>
    `Viewed ${plural(d.shown, 'audit record')} on page ${number(d.page)}${filtersText(d.filters)}`,
  'audit.export': (d) => `Exported the audit log as CSV${filtersText(d.filters)}`,
  'link.issue': (d) =>
    `Issued a service link valid for ${plural(d.days, 'day')}, until ${text(d.expiresAt)}`,
  'link.revoke': () => 'Revoked the service link',
  'data.export': (d) =>
    `Exported everything held about the applicant, with ${plural(d.files, 'file')}`,
  'data.erase': (d) =>
    d.again
      ? `Finished erasing the applicant: ${plural(d.blobs, 'file')} and ${plural(d.mails, 'e-mail')} removed`
      : `Erased the applicant: ${plural(
          Object.values((d.rows ?? {}) as Detail).reduce<number>((n, v) => n + Number(v ?? 0), 0),
          'record',
        )} deleted`,
  'staff.sign-in': (d) =>
    `${d.refused ? 'Sign-in refused' : 'Signed in'} with ${methodText(d.method)}${d.refused ? `: ${text(d.refused)}` : ''}`,
  'staff.add': (d) => `Added ${text(d.email)} as ${text(d.role)}`,
  'staff.remove': (d) => `Removed ${text(d.email)} (${text(d.role)})`,
  'staff.role-change': (d) =>
    `Changed the role of ${text(d.email)} from ${text(d.from)} to ${text(d.to)}`,
  'staff.reset-totp': (d) => `Reset the authenticator of ${text(d.email)}`,
};

function methodText(method: unknown): string {
  if (method === 'oidc') return 'single sign-on';
  if (method === 'password+totp') return 'password and authenticator code';
  return method ? text(method) : 'password';
}

/**
 * A record's detail as a sentence: the action's own when it has one, else its words followed by
 * the detail's fields; a sentence never fails on a detail of another shape (an older record).
 */
export function detailText(action: string, detail: Detail): string {
  const sentence = sentences[action];
  if (sentence) {
    try {
      return sentence(detail);
    } catch {
      // An older record's detail of another shape: shown by its fields below.
    }
  }
  const fields = Object.entries(detail).map(([name, value]) => `${name}: ${text(value)}`);
  return fields.length ? `${actionText(action)} (${fields.join('; ')})` : actionText(action);
}
