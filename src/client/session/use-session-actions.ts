import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from '../routing/router-hooks';
import { applicationApi } from '../api/application-api';
import { ServerError, UnauthorizedError } from '../api/errors';
import { genericErrorMessage } from '../messages';
import { useToast } from '../components/toast-context';
import { changedAnswers } from './answer-changes';
import { noShownErrors, type AccountRoute, type ApplicationSession } from './application-session';
import type { FormStore } from './form-bridge';
import type { FormLocationState } from './location-state';
import type { SaveOutcome } from './logout-notices';
import type { ShownErrors } from './shown-errors';
import { filledAnswers, visitorTokenParam } from './visitor-token';
import { useAppNavigate } from '../routing/app-router';
import { t } from '../i18n/i18n';

type Actions = Pick<
  ApplicationSession,
  'busy' | 'goToPage' | 'saveAndContinue' | 'submit' | 'handOff' | 'saveBeforeLogout'
>;

/** The actions, and what they leave behind that only this tab knows (no server holds it). */
export interface SessionState {
  actions: Actions;
  /** Set the first time a navigation button or step link is used (SPEC §3 has_changed_page). */
  hasChangedPage: boolean;
  /** The message /completion shows after a submit in this tab. */
  completionMessage: string | null;
  errors: ShownErrors;
}

/**
 * What a visitor's actions and a signed-in applicant's (signed-in-session.tsx) share: one action
 * at a time with the buttons disabled meanwhile, its failure told in a toast, and the hand-off
 * of a visitor's answers to an account screen.
 */
export function useSessionBase(store: FormStore) {
  // The router's own navigate: its promise resolves once the next page has rendered, so an action
  // ends when the page has changed (and it is the same function at every render).
  const navigate = useAppNavigate();
  const location = useLocation();
  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  });
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // Answers are saved on Save/Next and on a change of page (SPEC §2). Closing the tab, reloading
  // or typing another address with answers the server does not have yet asks first, with the
  // browser's own "Leave site?" prompt, instead of losing them without a word.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (Object.keys(changedAnswers(store.getSaved(), store.getState().answers)).length === 0)
        return;
      event.preventDefault();
      event.returnValue = ''; // browsers before the standard preventDefault
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [store]);

  /** Runs one action at a time, with the buttons disabled while it runs. */
  const exclusive = useCallback(
    (action: () => Promise<void>) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      action()
        .catch((error: unknown) => {
          // A 401 is handled once, globally: cache cleared, /login with the session message.
          if (error instanceof UnauthorizedError) return;
          if (!(error instanceof ServerError)) console.error(error);
          const message = error instanceof ServerError ? error.message : genericErrorMessage();
          toast.show({ kind: 'error', title: t('error.toastTitle'), message });
        })
        .finally(() => {
          busyRef.current = false;
          setBusy(false);
        });
    },
    [toast],
  );

  const handOff = useCallback(
    (target: AccountRoute) =>
      exclusive(async () => {
        const answers = filledAnswers(store.getState().answers);
        let search = '';
        if (Object.keys(answers).length > 0) {
          const { token } = await applicationApi.keepVisitorAnswers(answers);
          search = `?${new URLSearchParams({ [visitorTokenParam]: token }).toString()}`;
          // Browser Back returns to this history entry, not to a new one: the entry itself keeps
          // the answers, which the form loader starts from again. History state lives as long
          // as the entry (Back, Forward, a reload of the tab), with no server call and no expiry.
          const { pathname, search: query, hash } = here.current;
          const kept: FormLocationState = { answers };
          await navigate({ pathname, search: query, hash }, { replace: true, state: kept });
        }
        const state: FormLocationState = { answers };
        await navigate({ pathname: target, search }, { state });
      }),
    [store, exclusive, navigate],
  );

  return { navigate, here, toast, busy, exclusive, handOff };
}

/** A visitor has nothing on the server to save before a logout. */
const nothingToSave = (): Promise<SaveOutcome> => Promise.resolve('unchanged');

/**
 * A visitor's actions (SPEC §2): pages change freely until there are answers worth keeping;
 * then, as on Save/Next and Submit, the answers are handed off to Sign Up. A visitor never
 * validates, so no errors show.
 */
export function useVisitorSession(store: FormStore): SessionState {
  const { navigate, busy, handOff } = useSessionBase(store);
  const goToPage = useCallback(
    (route: string, hash = '') => {
      if (Object.keys(filledAnswers(store.getState().answers)).length > 0) handOff('/signup');
      else void navigate({ pathname: route, hash: hash ? `#${hash}` : '' });
    },
    [store, handOff, navigate],
  );
  const signUp = useCallback(() => handOff('/signup'), [handOff]);
  const actions = useMemo(
    () => ({
      busy,
      goToPage,
      saveAndContinue: signUp,
      submit: signUp,
      handOff,
      saveBeforeLogout: nothingToSave,
    }),
    [busy, goToPage, signUp, handOff],
  );
  return { actions, hasChangedPage: false, completionMessage: null, errors: noShownErrors };
}
