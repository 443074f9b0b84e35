import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../routing/router-hooks';
import { useToast } from '../components/toast-context';
import { readFormLocationState } from './location-state';
import { t } from '../i18n/i18n';

/**
 * The location validator of SPEC §2: a success or error message carried in navigation state
 * shows once as a toast, then leaves the history entry, so Back or a reload does not repeat it.
 */
export function LocationMessages() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const shown = useRef(new Set<string>());

  useEffect(() => {
    const { successMessage, errorMessage, answers } = readFormLocationState(location.state);
    if (!successMessage && !errorMessage) return;
    if (shown.current.has(location.key)) return;
    shown.current.add(location.key);
    if (successMessage) toast.show({ kind: 'success', message: successMessage });
    if (errorMessage)
      toast.show({ kind: 'error', title: t('error.toastTitle'), message: errorMessage });
    // A visitor's answers the entry carries stay in it, for Back and reloads.
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: answers ? { answers } : null },
    );
  }, [location, navigate, toast]);

  return null;
}
