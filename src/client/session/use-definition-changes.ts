import { useApplicationSession, type PageChanges } from './application-session';

/** The pages the forms changed since the applicant's last save (application-session.ts). */
export function useDefinitionChanges(): ReadonlyMap<string, PageChanges> {
  return useApplicationSession().definitionChanges;
}
