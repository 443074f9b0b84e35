import { errors } from '../errors';
import { normalise } from '../identity/accounts';

/**
 * A staff member's e-mail address (issue 41, F8): stricter than an applicant's, because staff
 * addresses are the university's own and are written into the audit log and its CSV export as the
 * actor. Letters, digits and . _ + - before the @, the first a letter or digit (never a spreadsheet
 * formula's = + - @), then a domain name of at least two labels.
 */
const STAFF_EMAIL =
  /^[a-z0-9][a-z0-9._+-]{0,63}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * The address as stored (trimmed, lower case), or STAFF_EMAIL_INVALID: one rule for the console's
 * POST /members and `npm run staff -- add`, which both add through StaffMembers.add.
 */
export function staffEmail(email: string): string {
  const address = normalise(email);
  if (address.length > 254 || !STAFF_EMAIL.test(address)) {
    throw errors.STAFF_EMAIL_INVALID(address);
  }
  return address;
}
