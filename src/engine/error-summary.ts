/**
 * The validation error summary (SPEC §2): errors grouped by page and by the page's summary
 * groups, each linking to `/{page}#{fieldKey}`. The mapping comes from each page's
 * `errorSummary` in forms/*.json; forms:check guarantees a key belongs to one page only.
 */
import type { PageDefinition, SummaryGroup } from './definitions';
import type { FieldErrors } from './validation';

export const SUMMARY_HEADING = "We're missing some information!";

interface SummaryLink {
  key: string;
  /** `/{page}#{fieldKey}`: the page route and the field's anchor. */
  href: string;
  messages: string[];
}

/** A summary group of the page definition, with a link to each of its fields that has errors. */
interface SummaryGroupLinks extends Omit<SummaryGroup, 'keys'> {
  links: SummaryLink[];
}

interface SummaryPage {
  page: string;
  title: string;
  route: string;
  groups: SummaryGroupLinks[];
}

export interface ErrorSummary {
  pages: SummaryPage[];
  /** Keys with errors that no page's summary lists ("does not correlate to a page"). */
  unmapped: string[];
}

/** Groups errors by page (in step order) and summary group; empty groups and pages are left out. */
export function errorSummary(pages: readonly PageDefinition[], errors: FieldErrors): ErrorSummary {
  const mapped = new Set<string>();
  const result: SummaryPage[] = [];
  for (const page of [...pages].sort((a, b) => a.step - b.step)) {
    const groups: SummaryGroupLinks[] = [];
    for (const group of page.errorSummary) {
      const links: SummaryLink[] = [];
      for (const key of group.keys) {
        mapped.add(key);
        const messages = errors[key];
        if (messages?.length) links.push({ key, href: fieldHref(page, key), messages });
      }
      if (links.length) groups.push({ id: group.id, title: group.title, links });
    }
    if (groups.length) result.push({ page: page.id, title: page.title, route: page.route, groups });
  }
  const unmapped = Object.keys(errors).filter((key) => !mapped.has(key) && errors[key]?.length);
  return { pages: result, unmapped };
}

/** The link to a field: its page's route and the field key as the anchor. */
export function fieldHref(page: PageDefinition, key: string): string {
  return `${page.route}#${encodeURIComponent(key)}`;
}

/** The page whose error summary lists a key, if any. */
export function pageOfKey(
  pages: readonly PageDefinition[],
  key: string,
): PageDefinition | undefined {
  return pages.find((page) => page.errorSummary.some((group) => group.keys.includes(key)));
}
