import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from '../routing/router-hooks';
import { loadAllPages, loadedPageAt } from '../../forms/page-definitions';
import { defaultRoute } from '../../forms/page-index';
import { loadPageValidators, pageValidator } from '../form/page-validators';
import { mergeErrors, validateApplication, validatePage } from '../../engine/page-validation';
import { hasErrors, type FieldErrors } from '../../engine/validation';
import { webStatusOf } from '../../engine/web-status';
import { applicationApi } from '../api/application-api';
import { ServerError } from '../api/errors';
import type { Profile } from '../api/use-profile';
import { LoadBoundary } from '../components/load-boundary';
import { submittedMessage } from '../messages';
import { changedAnswers } from './answer-changes';
import type { FormStore } from './form-bridge';
import type { FormLocationState } from './location-state';
import { saveBeforeLogoutTimeoutMs, type SaveOutcome } from './logout-notices';
import type { SessionBackend } from './session-backend';
import { lastPageRoute, SessionProvider, useSessionStore } from './session-provider';
import { fieldErrorsFromServer } from './shown-errors';
import { useProgressRecorder } from './use-progress-recorder';
import { useSessionBase, type SessionState } from './use-session-actions';
import { useShownErrors } from './use-shown-errors';

// The idle timer matters only to a signed-in applicant.
const InactivityGuard = lazy(() =>
  import('../idle/inactivity-guard').then((module) => ({ default: module.InactivityGuard })),
);

/**
 * A signed-in applicant's actions (SPEC §2 "Top navigation bar", §4): every change of page and
 * Save/Next save first; Submit validates every page and posts the errors, or submits. Calls go
 * through `backend`, which keeps the cached profile (the web status and last page) in step.
 */
function useSignedInActions(
  store: FormStore,
  backend: SessionBackend,
): Omit<SessionState, 'errors'> & { serverErrors: FieldErrors | null } {
  const { navigate, here, toast, busy, exclusive, handOff } = useSessionBase(store);
  const [hasChangedPage, setHasChangedPage] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const [completionMessage, setCompletionMessage] = useState<string | null>(null);

  /** PUT /api/answer with what changed; while validating, the page's errors go to the server. */
  const save = useCallback(async (): Promise<string> => {
    const changes = changedAnswers(store.getSaved(), store.getState().answers);
    const { message } = await backend.saveAnswers(changes);
    store.markSaved(changes);
    const page = loadedPageAt(here.current.pathname);
    if (backend.webStatusNow() === 'validating' && page) {
      const validator = pageValidator(page.id);
      const errors = validator ? validatePage(page, validator, store.getState()) : {};
      if (hasErrors(errors)) backend.postValidations(errors);
    }
    return message;
  }, [store, backend, here]);

  // Called directly rather than through a mutation: a 401 here (the session ended while the
  // applicant was away) must not start the global "session invalid" redirect in the middle of a
  // logout that is already leaving for /login with its own message.
  const saveBeforeLogout = useCallback(async (): Promise<SaveOutcome> => {
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
  }, [store]);

  const goToPage = useCallback(
    (route: string, hash = '') =>
      exclusive(async () => {
        const message = await save();
        setHasChangedPage(true);
        const state: FormLocationState = { successMessage: message };
        await navigate({ pathname: route, hash: hash ? `#${hash}` : '' }, { state });
      }),
    [exclusive, navigate, save],
  );

  const saveAndContinue = useCallback(
    (next: string | null) =>
      exclusive(async () => {
        const message = await save();
        setHasChangedPage(true);
        if (next === null) {
          toast.show({ kind: 'success', message });
          return;
        }
        const state: FormLocationState = { successMessage: message };
        await navigate(next, { state });
      }),
    [exclusive, navigate, save, toast],
  );

  const submit = useCallback(() => {
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
      await save();
      if (backend.webStatusNow() !== 'validating') await backend.postWebStatus('validating');
      // Loaded with the profile already (signed-in-loader.tsx): this only makes sure.
      const pages = await loadAllPages();
      await loadPageValidators(pages);
      const byPage = validateApplication(pages, pageValidator, store.getState());
      if (Object.keys(byPage).length > 0) {
        backend.postValidations(mergeErrors(byPage));
        await showErrors(null);
        return;
      }
      try {
        await backend.submit();
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
      backend.markSubmitted();
    });
  }, [store, backend, exclusive, navigate, save, toast]);

  const actions = useMemo(
    () => ({ busy, goToPage, saveAndContinue, submit, handOff, saveBeforeLogout }),
    [busy, goToPage, saveAndContinue, submit, handOff, saveBeforeLogout],
  );
  return { actions, hasChangedPage, serverErrors, completionMessage };
}

interface SignedInSessionProps {
  profile: Profile;
  backend: SessionBackend;
  children: ReactNode;
}

/**
 * A signed-in applicant's session (signed-in-loader.tsx): the saved answers, the actions that
 * save and submit them, the errors once the status is validating, progress recorded as pages
 * change, and the inactivity timer. A visitor's form page loads none of it (form-loader.tsx).
 */
export function SignedInSessionProvider({ profile, backend, children }: SignedInSessionProps) {
  const { pathname } = useLocation();
  const store = useSessionStore(profile.answer, true);
  const { serverErrors, ...state } = useSignedInActions(store, backend);
  const webStatus = webStatusOf(profile.web_status);
  // The session never reads the answers as they change: a keystroke re-renders nothing here.
  // While errors show, the application is validated again after the keystroke's frame, and the
  // session changes only when the errors do (use-shown-errors.ts).
  const errors = useShownErrors(store, webStatus, serverErrors);
  useProgressRecorder({ backend, webStatus, lastPage: lastPageRoute(profile.last_page), pathname });
  return (
    <SessionProvider
      profile={profile}
      store={store}
      state={{ ...state, errors }}
      beside={
        // Should its code fail to load, the form stays; the server still ends an idle session.
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <InactivityGuard loggedIn />
          </Suspense>
        </LoadBoundary>
      }
    >
      {children}
    </SessionProvider>
  );
}
