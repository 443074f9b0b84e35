import { answersKeptMessage, answersNotKeptMessage } from '../messages';

/** What saving before a logout came to: saved now, nothing left to save, or not saved. */
export type SaveOutcome = 'saved' | 'unchanged' | 'failed';

/** How long a logout waits for the save before it: a failing server never keeps anyone in. */
export const saveBeforeLogoutTimeoutMs = 8000;

interface Notices {
  successMessage?: string;
  errorMessage?: string;
}

/**
 * The messages /login shows after a logout that first saved the typed answers: whether they were
 * kept, beside the logout's own message.
 */
export function logoutNotices(outcome: SaveOutcome, { successMessage, errorMessage }: Notices) {
  const join = (...texts: Array<string | undefined>) => texts.filter(Boolean).join(' ');
  const notices: Notices = {};
  if (outcome === 'failed') {
    if (successMessage) notices.successMessage = successMessage;
    notices.errorMessage = join(errorMessage, answersNotKeptMessage());
  } else {
    notices.successMessage = join(successMessage, answersKeptMessage());
    if (errorMessage) notices.errorMessage = errorMessage;
  }
  return notices;
}
