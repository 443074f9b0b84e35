import { createContext, useContext } from 'react';
import type { DefinitionChanges } from '../../contract/application';
import type { ClientSnapshot } from './client-snapshot';
import type { FormStore } from './form-bridge';
import type { SaveOutcome } from './logout-notices';
import type { ShownErrors } from './shown-errors';
import { BadConfigurationError } from '../api/errors';

/** Where a visitor is sent to make an account or sign in (with their answers). */
export type AccountRoute = '/signup' | '/login';

/** What the forms changed on one page since the applicant's last save (issue 18). */
export type PageChanges = DefinitionChanges['pages'][number];

/** What the shell's parts share: who is using it, the answers, the errors and the actions. */
export interface ApplicationSession {
  snapshot: ClientSnapshot;
  /**
   * The pages the forms changed since the applicant's last save, page id → what changed, from
   * the profile read at start (none for a visitor). The profile is not read again during a
   * visit, so the notices stay until the next visit; a save under today's forms ends them then.
   */
  definitionChanges: ReadonlyMap<string, PageChanges>;
  store: FormStore;
  errors: ShownErrors;
  /** A save, submit or hand-off is under way: the buttons that start one are disabled. */
  busy: boolean;
  /** Step links, Back and error-summary links: save (when logged in) and go to a page. */
  goToPage: (route: string, hash?: string) => void;
  /** Save/Next: save and go to `next`, or stay on the page (null) with the saved message. */
  saveAndContinue: (next: string | null) => void;
  submit: () => void;
  /** Sends a visitor to an account screen, their answers kept under a token first. */
  handOff: (target: AccountRoute) => void;
  /**
   * Saves what the applicant typed before a logout (Log Out, inactivity), within a bounded time,
   * and never throws: a logout goes ahead whatever the outcome.
   */
  saveBeforeLogout: () => Promise<SaveOutcome>;
}

/** No errors: a visitor's, and a signed-in applicant's until the status is validating. */
export const noShownErrors: ShownErrors = {
  showing: false,
  byKey: {},
  summary: { pages: [], unmapped: [] },
};

export const ApplicationSessionContext = createContext<ApplicationSession | null>(null);

/** The session of the form routes; needs the form loader above. */
export function useApplicationSession(): ApplicationSession {
  const session = useContext(ApplicationSessionContext);
  if (!session)
    throw new BadConfigurationError('useApplicationSession must be used inside the form loader.');
  return session;
}
