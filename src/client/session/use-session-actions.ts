import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from '../routing/router-hooks';
import { loadAllPages, loadedPageAt } from '../../forms/page-definitions';
import { defaultRoute } from '../../forms/page-index';
import { loadPageValidators, pageValidator } from '../form/page-validators';
import { mergeErrors, validateApplication, validatePage } from '../../engine/page-validation';
import { hasErrors, type FieldErrors } from '../../engine/validation';
import { applicationApi } from '../api/application-api';
import { BadConfigurationError, ServerError, UnauthorizedError } from '../api/errors';
import { genericErrorMessage, submittedMessage } from '../messages';
import { useToast } from '../components/toast-context';
import { changedAnswers } from './answer-changes';
import type { AccountRoute, ApplicationSession } from './application-session';
import type { FormStore } from './form-bridge';
import type { FormLocationState } from './location-state';
import { fieldErrorsFromServer } from './shown-errors';
import { saveBeforeLogoutTimeoutMs, type SaveOutcome } from './logout-notices';
import type { SessionBackend } from './session-backend';
import { filledAnswers, visitorTokenParam } from './visitor-token';
import { useAppNavigate } from '../routing/app-router';
import { t } from '../i18n/i18n';

type Actions = Pick<
  ApplicationSession,
  'busy' | 'goToPage' | 'saveAndContinue' | 'submit' | 'handOff' | 'saveBeforeLogout'
>;

/** The actions, and what they leave behind that only this tab knows (no server holds it). */
export interface SessionActions {
  actions: Actions;
  /** Set the first time a navigation button or step link is used (SPEC §3 has_changed_page). */
  hasChangedPage: boolean;
  /** The server's errors after a refused submit, shown when the client finds none. */
  serverErrors: FieldErrors | null;
  /** The message /completion shows after a submit in this tab. */
  completionMessage: string | null;
}

/**
 * Saving, page changes, submit and the visitor hand-off (SPEC §2 "Top navigation bar", §4). A
 * signed-in applicant's calls go through `backend`, which keeps the cached profile (the web
 * status and last page) in step; a visitor has none, and only hands the answers off.
 */
export function useSessionActions(
  store: FormStore,
  backend: SessionBackend | undefined,
): SessionActions {
  const loggedIn = backend !== undefined;
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
  const [hasChangedPage, setHasChangedPage] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const [completionMessage, setCompletionMessage] = useState<string | null>(null);
  /** The signed-in applicant's calls; an action that needs one never runs for a visitor. */
  const signedIn = useCallback((): SessionBackend => {
    if (!backend) throw new BadConfigurationError('A visitor has no session calls.');
    return backend;
  }, [backend]);
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

  const report = useCallback(
    (error: unknown) => {
      // A 401 is handled once, globally: cache cleared, /login with the session message.
      if (error instanceof UnauthorizedError) return;
      if (!(error instanceof ServerError)) console.error(error);
      const message = error instanceof ServerError ? error.message : genericErrorMessage();
      toast.show({ kind: 'error', title: t('error.toastTitle'), message });
    },
    [toast],
  );

  /** Runs one action at a time, with the buttons disabled while it runs. */
  const exclusive = useCallback(
    (action: () => Promise<void>) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      action()
        .catch(report)
        .finally(() => {
          busyRef.current = false;
          setBusy(false);
        });
    },
    [report],
  );

  /** PUT /api/answer with what changed; while validating, the page's errors go to the server. */
  const save = useCallback(async (): Promise<string> => {
    const changes = changedAnswers(store.getSaved(), store.getState().answers);
    const calls = signedIn();
    const { message } = await calls.saveAnswers(changes);
    store.markSaved(changes);
    const page = loadedPageAt(here.current.pathname);
    if (calls.webStatusNow() === 'validating' && page) {
      const validator = pageValidator(page.id);
      const errors = validator ? validatePage(page, validator, store.getState()) : {};
      if (hasErrors(errors)) calls.postValidations(errors);
    }
    return message;
  }, [store, signedIn]);

  // Called directly rather than through a mutation: a 401 here (the session ended while the
  // applicant was away) must not start the global "session invalid" redirect in the middle of a
  // logout that is already leaving for /login with its own message.
  const saveBeforeLogout = useCallback(async (): Promise<SaveOutcome> => {
    if (!loggedIn) return 'unchanged';
    const changes = changedAnswers(store.getSaved(), store.getState().answers);
    if (Object.keys(changes).length === 0) return 'unchanged';
    try {
      await applicationApi.saveAnswersUntil(
        changes,
        AbortSignal.timeout(saveBeforeLogoutTimeoutMs),
      );
      store.markSaved(changes);
      return 'saved';
    } catch (error) {
      console.error(error);
      return 'failed';
    }
  }, [store, loggedIn]);

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

  const goToPage = useCallback(
    (route: string, hash = '') => {
      const to = { pathname: route, hash: hash ? `#${hash}` : '' };
      if (!loggedIn) {
        // A visitor moves freely until they have answers worth keeping (SPEC §2).
        if (Object.keys(filledAnswers(store.getState().answers)).length > 0) handOff('/signup');
        else void navigate(to);
        return;
      }
      exclusive(async () => {
        const message = await save();
        setHasChangedPage(true);
        const state: FormLocationState = { successMessage: message };
        await navigate(to, { state });
      });
    },
    [store, loggedIn, exclusive, handOff, navigate, save],
  );

  const saveAndContinue = useCallback(
    (next: string | null) => {
      if (!loggedIn) {
        handOff('/signup');
        return;
      }
      exclusive(async () => {
        const message = await save();
        setHasChangedPage(true);
        if (next === null) {
          toast.show({ kind: 'success', message });
          return;
        }
        const state: FormLocationState = { successMessage: message };
        await navigate(next, { state });
      });
    },
    [loggedIn, exclusive, handOff, navigate, save, toast],
  );

  const submit = useCallback(() => {
    if (!loggedIn) {
      handOff('/signup');
      return;
    }
    // The status is validating by now (posted before the check that refused the submit).
    const showErrors = (errors: FieldErrors | null) => {
      // One message after a refused submit: the summary. A "saved" toast still showing from the
      // Save or Save/Next before would stand beside it and read as if all were well.
      toast.dismissKind('success');
      setServerErrors(errors);
      setHasChangedPage(true);
      const state: FormLocationState = { focus: 'summary' };
      return navigate(defaultRoute, { state });
    };
    exclusive(async () => {
      const calls = signedIn();
      await save();
      if (calls.webStatusNow() !== 'validating') await calls.postWebStatus('validating');
      // Loaded with the profile already (form-loader.tsx): this only makes sure.
      const pages = await loadAllPages();
      await loadPageValidators(pages);
      const byPage = validateApplication(pages, pageValidator, store.getState());
      if (Object.keys(byPage).length > 0) {
        calls.postValidations(mergeErrors(byPage));
        await showErrors(null);
        return;
      }
      try {
        await calls.submit();
      } catch (error) {
        if (error instanceof ServerError && error.status === 422 && error.errors) {
          await showErrors(fieldErrorsFromServer(error.errors));
          return;
        }
        throw error;
      }
      // One toast on /completion: a "saved" one from a Save just before would stand beside it.
      toast.dismissKind('success');
      // The message first: the status sends the applicant to /completion, which shows it.
      setCompletionMessage(submittedMessage());
      calls.markSubmitted();
    });
  }, [store, loggedIn, exclusive, handOff, navigate, save, signedIn, toast]);

  const actions = useMemo(
    () => ({ busy, goToPage, saveAndContinue, submit, handOff, saveBeforeLogout }),
    [busy, goToPage, saveAndContinue, submit, handOff, saveBeforeLogout],
  );
  return { actions, hasChangedPage, serverErrors, completionMessage };
}
