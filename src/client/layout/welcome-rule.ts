import type { ClientSnapshot } from '../session/client-snapshot';

/** Which welcome text shows: first login, a return visit, or a visitor's default welcome. */
export type WelcomeVariant = 'first-login' | 'returning' | 'visitor';

type WelcomeInput = Pick<
  ClientSnapshot,
  'web_status' | 'is_logged_in' | 'has_changed_page' | 'num_logins'
>;

/**
 * SPEC §2: the banner shows only when the status is not validating AND (submitted, OR not logged
 * in, OR not yet changed page with at least one login). num_logins 1 is a first login, 2 or more
 * a return visit, anything else (a visitor's default 0) the visitor's welcome.
 */
export function welcomeVariant(snapshot: WelcomeInput): WelcomeVariant | null {
  if (snapshot.web_status === 'validating') return null;
  const shown =
    snapshot.web_status === 'submitted' ||
    !snapshot.is_logged_in ||
    (!snapshot.has_changed_page && snapshot.num_logins >= 1);
  if (!shown) return null;
  if (snapshot.num_logins === 1) return 'first-login';
  if (snapshot.num_logins >= 2) return 'returning';
  return 'visitor';
}
