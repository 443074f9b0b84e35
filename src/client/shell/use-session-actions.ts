import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PageDefinition } from '../../engine/definitions';
import { defaultRoute, formPages, pageValidator } from '../../engine/form-pages';
import { mergeErrors, validateApplication, validatePage } from '../../engine/page-validation';
import { hasErrors, type FieldErrors } from '../../engine/validation';
import type { WebStatus } from '../../engine/web-status';
import { applicationApi, webStatusRetries } from '../api/application-api';
import { ServerError, UnauthorizedError } from '../api/errors';
import { genericErrorMessage, submittedMessage } from '../messages';
import { profileQueryKey, type Profile } from '../api/use-profile';
import { useToast } from '../components/toast-context';
import { pdfQueryKey } from '../documents/documents-api';
import { changedAnswers } from './answer-changes';
import type { AccountRoute, ApplicationSession } from './application-session';
import type { FormStore } from './form-bridge';
import type { FormLocationState } from './location-state';
import { fieldErrorsFromServer } from './shown-errors';
import { saveBeforeLogoutTimeoutMs, type SaveOutcome } from './logout-notices';
import { filledAnswers, visitorTokenParam } from './visitor-token';

export interface SessionActionsInput {
  store: FormStore;
  loggedIn: boolean;
  webStatus: WebStatus | null;
  /** The page on screen, whose errors a save while validating reports. */
  page: PageDefinition | undefined;
  setWebStatus: (status: WebStatus) => void;
  setHasChangedPage: (changed: boolean) => void;
  setServerErrors: (errors: FieldErrors | null) => void;
  /** Marks the application submitted, with the message /completion shows. */
  markSubmitted: (message: string) => void;
}

type Actions = Pick<
  ApplicationSession,
  'busy' | 'goToPage' | 'saveAndContinue' | 'submit' | 'handOff' | 'saveBeforeLogout'
>;

/** Saving, page changes, submit and the visitor hand-off (SPEC §2 "Top navigation bar", §4). */
export function useSessionActions(input: SessionActionsInput): Actions {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  });
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // Callbacks read the newest values without being recreated on every keystroke.
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });
  // Answers are saved on Save/Next and on a change of page (SPEC §2). Closing the tab, reloading
  // or typing another address with answers the server does not have yet asks first, with the
  // browser's own "Leave site?" prompt, instead of losing them without a word.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      const { store } = latest.current;
      if (Object.keys(changedAnswers(store.getSaved(), store.getState().answers)).length === 0)
        return;
      event.preventDefault();
      event.returnValue = ''; // browsers before the standard preventDefault
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const { mutateAsync: saveAnswers } = useMutation({ mutationFn: applicationApi.saveAnswers });
  const { mutate: postValidations } = useMutation({ mutationFn: applicationApi.postValidations });
  const { mutateAsync: postWebStatus } = useMutation({
    mutationFn: applicationApi.postWebStatus,
    retry: webStatusRetries,
  });
  const { mutateAsync: submitApplication } = useMutation({ mutationFn: applicationApi.submit });
  const { mutateAsync: keepVisitorAnswers } = useMutation({
    mutationFn: applicationApi.keepVisitorAnswers,
  });

  const report = useCallback(
    (error: unknown) => {
      // A 401 is handled once, globally: cache cleared, /login with the session message.
      if (error instanceof UnauthorizedError) return;
      if (!(error instanceof ServerError)) console.error(error);
      const message = error instanceof ServerError ? error.message : genericErrorMessage;
      toast.show({ kind: 'error', title: 'Error', message });
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
    const { store, webStatus, page } = latest.current;
    const changes = changedAnswers(store.getSaved(), store.getState().answers);
    const { message } = await saveAnswers(changes);
    store.markSaved(changes);
    queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
      profile ? { ...profile, answer: { ...profile.answer, ...changes } } : profile,
    );
    // The PDF copy shows the saved answers: ask for it again rather than in ten minutes.
    if (Object.keys(changes).length > 0)
      void queryClient.invalidateQueries({ queryKey: pdfQueryKey });
    if (webStatus === 'validating' && page) {
      const validator = pageValidator(page.id);
      const errors = validator ? validatePage(page, validator, store.getState()) : {};
      if (hasErrors(errors)) postValidations(errors);
    }
    return message;
  }, [saveAnswers, postValidations, queryClient]);

  // Called directly rather than through a mutation: a 401 here (the session ended while the
  // applicant was away) must not start the global "session invalid" redirect in the middle of a
  // logout that is already leaving for /login with its own message.
  const saveBeforeLogout = useCallback(async (): Promise<SaveOutcome> => {
    const { loggedIn, store } = latest.current;
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
  }, []);

  const handOff = useCallback(
    (target: AccountRoute) =>
      exclusive(async () => {
        const answers = filledAnswers(latest.current.store.getState().answers);
        let search = '';
        if (Object.keys(answers).length > 0) {
          const { token } = await keepVisitorAnswers(answers);
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
    [exclusive, keepVisitorAnswers, navigate],
  );

  const goToPage = useCallback(
    (route: string, hash = '') => {
      const { loggedIn, store, setHasChangedPage } = latest.current;
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
    [exclusive, handOff, navigate, save],
  );

  const saveAndContinue = useCallback(
    (next: string | null) => {
      if (!latest.current.loggedIn) {
        handOff('/signup');
        return;
      }
      exclusive(async () => {
        const message = await save();
        latest.current.setHasChangedPage(true);
        if (next === null) {
          toast.show({ kind: 'success', message });
          return;
        }
        const state: FormLocationState = { successMessage: message };
        await navigate(next, { state });
      });
    },
    [exclusive, handOff, navigate, save, toast],
  );

  const submit = useCallback(() => {
    if (!latest.current.loggedIn) {
      handOff('/signup');
      return;
    }
    const showErrors = (serverErrors: FieldErrors | null) => {
      const { setServerErrors, setWebStatus, setHasChangedPage } = latest.current;
      // One message after a refused submit: the summary. A "saved" toast still showing from the
      // Save or Save/Next before would stand beside it and read as if all were well.
      toast.dismissKind('success');
      setServerErrors(serverErrors);
      setWebStatus('validating');
      setHasChangedPage(true);
      const state: FormLocationState = { focus: 'summary' };
      return navigate(defaultRoute, { state });
    };
    exclusive(async () => {
      await save();
      const { webStatus, setWebStatus, store } = latest.current;
      if (webStatus !== 'validating') {
        setWebStatus('validating');
        await postWebStatus('validating');
        setProfileStatuses(queryClient, ['started', 'validating']);
      }
      const byPage = validateApplication(formPages, pageValidator, store.getState());
      if (Object.keys(byPage).length > 0) {
        postValidations(mergeErrors(byPage));
        await showErrors(null);
        return;
      }
      try {
        await submitApplication();
      } catch (error) {
        if (error instanceof ServerError && error.status === 422 && error.errors) {
          await showErrors(fieldErrorsFromServer(error.errors));
          return;
        }
        throw error;
      }
      setProfileStatuses(queryClient, ['started', 'validating', 'submitted']);
      // From now on the PDF copy is the one frozen at submission.
      void queryClient.invalidateQueries({ queryKey: pdfQueryKey });
      latest.current.markSubmitted(submittedMessage);
    });
  }, [
    exclusive,
    handOff,
    navigate,
    postValidations,
    postWebStatus,
    queryClient,
    save,
    submitApplication,
    toast,
  ]);

  return useMemo(
    () => ({ busy, goToPage, saveAndContinue, submit, handOff, saveBeforeLogout }),
    [busy, goToPage, saveAndContinue, submit, handOff, saveBeforeLogout],
  );
}

/** Keeps the cached profile's statuses in step with what was posted. */
export function setProfileStatuses(
  queryClient: ReturnType<typeof useQueryClient>,
  statuses: WebStatus[],
): void {
  queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
    profile ? { ...profile, web_status: statuses.map((web_status) => ({ web_status })) } : profile,
  );
}
