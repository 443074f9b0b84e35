import type { DefinitionChanges } from '../../contract/application';
import { useProfile } from '../api/use-profile';

type PageChanges = DefinitionChanges['pages'][number];

/**
 * The pages the forms changed since the applicant's last save, page id → what changed (issue 18),
 * from the profile read at start. The profile is not read again during a visit, so the notices
 * stay until the next visit; a save under today's forms ends them then.
 */
export function useDefinitionChanges(): ReadonlyMap<string, PageChanges> {
  const pages = useProfile(false).data?.definition_changes?.pages ?? [];
  return new Map(pages.map((page) => [page.page, page]));
}
