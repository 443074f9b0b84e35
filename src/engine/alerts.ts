/**
 * Date-based alert banners (SPEC §4 "Alert banners"): a window shows from its start date
 * (inclusive) to its end date (exclusive), both read as local calendar dates.
 */
import type { AlertWindow } from './definitions';

/** The local calendar date of an instant as YYYY-MM-DD. */
export function localIsoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The alerts whose window contains `now`, in file order. */
export function activeAlerts(
  alerts: readonly AlertWindow[],
  now: Date = new Date(),
): AlertWindow[] {
  const today = localIsoDate(now);
  return alerts.filter((alert) => alert.start <= today && today < alert.end);
}
