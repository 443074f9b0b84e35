/**
 * Stale content (issue 15, point 5): alert windows and dated options (entry terms) are one
 * admission cycle's content. When every alert window has ended, or every term of a list has
 * started, nothing of it reaches an applicant any more: a warning, with the place to edit.
 */
import type {
  AlertWindow,
  OptionItem,
  PageDefinition,
  SiteConfig,
} from '../../src/engine/definitions';
import { localIsoDate } from '../../src/engine/alerts';
import { everyAlertPast, everyDatedOptionPast } from '../../src/engine/stale-content';
import { walkDefinition } from '../../src/engine/walk-definition';
import type { Findings } from './findings';
import type { SourceFile } from './source-file';

/** Warns about forms/site.json's alert windows when every one ended before `now`. */
export function checkAlertDates(site: SourceFile, now: Date, findings: Findings): void {
  const alerts: unknown = (site.json as SiteConfig).alerts;
  // A malformed window is the site-language check's finding, not this one's.
  if (!Array.isArray(alerts) || !alerts.every(isWindow) || !everyAlertPast(alerts, now)) return;
  findings.warning(
    'alerts-past',
    site,
    '/alerts',
    `Every alert window ended before today (${localIsoDate(now)}), so no alert banner can show: add this cycle's windows.`,
    true,
  );
}

const isWindow = (alert: unknown): alert is AlertWindow =>
  typeof alert === 'object' &&
  alert !== null &&
  typeof (alert as AlertWindow).start === 'string' &&
  typeof (alert as AlertWindow).end === 'string';

/** Warns about every inline option list of a page whose dated options have all started. */
export function checkOptionDates(file: SourceFile, now: Date, findings: Findings): void {
  walkDefinition(file.json as PageDefinition, {
    question({ question, pointer }) {
      const options = 'options' in question ? question.options : undefined;
      for (const [list, at] of inlineLists(options, `${pointer}/options`)) {
        const dated = list.filter((o) => typeof o === 'object' && o !== null);
        if (!everyDatedOptionPast(dated, now)) continue;
        const key = 'key' in question ? ` of "${question.key}"` : '';
        findings.warning(
          'options-past',
          file,
          at,
          `Every dated option${key} starts on or before today (${localIsoDate(now)}), so none is offered: add the coming terms with their start dates.`,
        );
      }
    },
  });
}

/** The inline lists of an options source with their pointers (byAnswer cases included). */
function inlineLists(source: unknown, pointer: string): Array<[OptionItem[], string]> {
  if (Array.isArray(source)) return [[source as OptionItem[], pointer]];
  if (typeof source !== 'object' || source === null || !('byAnswer' in source)) return [];
  const { cases, default: fallback } = source as { cases?: unknown; default?: unknown };
  const lists: Array<[OptionItem[], string]> = [];
  if (typeof cases === 'object' && cases !== null)
    for (const [name, value] of Object.entries(cases))
      lists.push(...inlineLists(value, `${pointer}/cases/${escapePointer(name)}`));
  lists.push(...inlineLists(fallback, `${pointer}/default`));
  return lists;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
