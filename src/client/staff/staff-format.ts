import type { Locale } from '../../contract/locale';
import type { ApplicationStatus as WebStatus } from '../../contract/staff-applications';

/** How the console names an application's web status (SPEC §4). */
export const statusLabels: Record<WebStatus, string> = {
  none: 'Not started',
  started: 'Started',
  validating: 'Validating',
  submitted: 'Submitted',
};

/** The applicant's language as the (English) console names it. */
export const languageLabels: Record<Locale, string> = { en: 'English', es: 'Spanish' };

// With its time zone, so a time read by staff in two offices (or sent on) is not misread.
const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A server timestamp for people ("Nov 25, 2026, 11:42 PM EST"); a dash when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A day (YYYY-MM-DD, as the server counts them in UTC) for people ("Nov 25, 2026"). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dateOnly.format(date);
}
