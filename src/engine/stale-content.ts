/**
 * Content that goes out of date (issue 15, point 5): alert windows and dated options (entry
 * terms) belong to one admission cycle. forms:check warns when a cycle's content has run out.
 */
import { localIsoDate } from './alerts';
import type { AlertWindow, OptionItem } from './definitions';
import { isOffered } from './option-lists';

/** Whether there are alert windows and every one has ended by the day of `now`. */
export function everyAlertPast(alerts: readonly AlertWindow[], now: Date): boolean {
  const today = localIsoDate(now);
  return alerts.length > 0 && alerts.every((alert) => alert.end <= today);
}

/** Whether a list has dated options (terms) and none of them is offered on the day of `now`. */
export function everyDatedOptionPast(options: readonly OptionItem[], now: Date): boolean {
  const today = localIsoDate(now);
  const dated = options.filter((option) => option.starts !== undefined);
  return dated.length > 0 && dated.every((option) => !isOffered(option, today));
}
