import type { WebStatus } from '../../engine/web-status';
import type { Profile } from '../api/use-profile';

/** What the shell knows of the person using it (SPEC §3 "Client snapshot"). */
export interface ClientSnapshot {
  username: string;
  last_page: string;
  is_logged_in: boolean;
  /** Count of successful logins, at least 1 when logged in; 0 (the default) for a visitor. */
  num_logins: number;
  /** Set the first time a navigation button or step link is used. */
  has_changed_page: boolean;
  web_status: WebStatus | null;
  optin_sms_ind: string;
}

/** The default values a visitor sees (SPEC §6). */
export const visitorSnapshot: ClientSnapshot = {
  username: '',
  last_page: '',
  is_logged_in: false,
  num_logins: 0,
  has_changed_page: false,
  web_status: null,
  optin_sms_ind: '',
};

/** SPEC §3: the number of successful logins, minimum 1 (the current session is one). */
const numLoginsOf = (logins: readonly string[] | undefined): number =>
  Math.max(1, logins?.length ?? 0);

/** The snapshot of a signed-in applicant from the profile and the shell's local state. */
export function snapshotOf(
  profile: Profile,
  local: { webStatus: WebStatus | null; hasChangedPage: boolean; lastPage: string },
): ClientSnapshot {
  return {
    username: profile.username,
    last_page: local.lastPage,
    is_logged_in: true,
    num_logins: numLoginsOf(profile.successful_login),
    has_changed_page: local.hasChangedPage,
    web_status: local.webStatus,
    optin_sms_ind: profile.answer.optin_sms_ind ?? '',
  };
}
