import { Notice } from '../components/notice';
import type { AuthNavigationState } from './navigation-state';

/** The messages a card received in navigation state (SPEC §2): success first, then error. */
export function NavigationNotices({ successMessage, errorMessage }: AuthNavigationState) {
  return (
    <>
      {successMessage && <Notice kind="success">{successMessage}</Notice>}
      {errorMessage && <Notice kind="error">{errorMessage}</Notice>}
    </>
  );
}
