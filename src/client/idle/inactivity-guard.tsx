import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { Modal } from '../components/modal';
import { ApplicationSessionContext } from '../session/application-session';
import { inactivityMessage } from '../i18n/idle-texts';
import {
  activityEvents,
  idleThrottle,
  idleTimeout,
  promptBeforeIdle,
  windowTimers,
} from './idle-settings';
import { useForcedLogout } from './use-forced-logout';
import { t } from '../i18n/idle-texts';

/**
 * Inactivity (SPEC §4): after 14 idle minutes "Still working?" asks; Continue keeps the session,
 * Log out or one more idle minute logs out with the inactivity message. Coming back to the tab
 * after 15 minutes or more away logs out at once. Disabled when not logged in.
 */
export function InactivityGuard({ loggedIn }: { loggedIn: boolean }) {
  const [prompted, setPrompted] = useState(false);
  // Typed answers are saved when "Still working?" asks, while the session surely still holds,
  // and again (if anything changed since) before the logout itself.
  const saveFirst = useContext(ApplicationSessionContext)?.saveBeforeLogout;
  const forcedLogout = useForcedLogout(saveFirst);
  const continueButton = useRef<HTMLButtonElement>(null);

  const logOut = useCallback(() => {
    setPrompted(false);
    forcedLogout(inactivityMessage());
  }, [forcedLogout]);

  const timer = useIdleTimer({
    timeout: idleTimeout,
    promptBeforeIdle,
    throttle: idleThrottle,
    events: activityEvents,
    timers: windowTimers,
    disabled: !loggedIn,
    onPrompt: () => {
      setPrompted(true);
      void saveFirst?.();
    },
    onIdle: logOut,
  });

  const { getLastActiveTime } = timer;
  const mountedAt = useRef(0);
  useEffect(() => {
    mountedAt.current = Date.now();
  }, []);
  useEffect(() => {
    if (!loggedIn) return;
    const checkAway = () => {
      if (document.visibilityState === 'hidden') return;
      const lastActive = getLastActiveTime()?.getTime() ?? mountedAt.current;
      if (Date.now() - lastActive >= idleTimeout) logOut();
    };
    document.addEventListener('visibilitychange', checkAway);
    window.addEventListener('focus', checkAway);
    return () => {
      document.removeEventListener('visibilitychange', checkAway);
      window.removeEventListener('focus', checkAway);
    };
  }, [loggedIn, getLastActiveTime, logOut]);

  const stay = () => {
    setPrompted(false);
    timer.activate();
  };

  return (
    <Modal
      isOpen={loggedIn && prompted}
      title={t('idle.title')}
      onDismiss={stay}
      initialFocusRef={continueButton}
      actions={
        <>
          <button
            ref={continueButton}
            type="button"
            className="button button--primary"
            onClick={stay}
          >
            {t('idle.continue')}
          </button>
          <button type="button" className="button button--secondary" onClick={logOut}>
            {t('idle.logOut')}
          </button>
        </>
      }
    >
      <p>{t('idle.warning')}</p>
      <p>{t('idle.choose')}</p>
    </Modal>
  );
}
