import { useMutation, useQueryClient } from '@tanstack/react-query';
import { use, useEffect, useState } from 'react';
import type { Answers } from '../../engine/definitions';
import { loadAllPages, loadedPages } from '../../forms/page-definitions';
import { applicationApi } from '../api/application-api';
import { ServerError, UnauthorizedError } from '../api/errors';
import { updateCachedProfile } from '../api/use-profile';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useToast } from '../components/toast-context';
import { genericErrorMessage } from '../messages';
import { changedAnswers } from './answer-changes';
import { answerConflicts, typedChanges } from './answer-conflicts';
import { useApplicationSession } from './application-session';
import { t as tShell } from '../i18n/i18n';
import { t } from '../i18n/answers-texts';

/** What the applicant reads when the answers they typed differ from their saved ones. */
export const answersChoiceTexts = () => ({
  title: t('answers.choiceTitle'),
  intro: t('answers.choiceIntro'),
  saved: t('answers.choiceSaved'),
  typed: t('answers.choiceTyped'),
  keep: t('answers.keep'),
  use: t('answers.use'),
});

/**
 * After signing in with answers typed as a visitor: where they differ from the account's saved
 * answers, the applicant chooses. The saved ones stay (the server kept them) unless they choose
 * the typed ones, which are then saved like any change (PUT /api/answer). `onDone` is called
 * once the choice is made, or at once when there is none to make: the loader then forgets the
 * typed answers, so no later redirect (to the last page, to /completion) asks again.
 */
export function SignInAnswersChoice({ typed, onDone }: { typed: Answers; onDone: () => void }) {
  const { store } = useApplicationSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  // Loaded with the page validators already (form-loader.tsx), unless the application was submitted.
  const formPages = loadedPages() ?? use(loadAllPages());
  const [conflicts] = useState(() => answerConflicts(formPages, typed, store.getSaved()));
  const [open, setOpen] = useState(conflicts.length > 0);
  useEffect(() => {
    if (!open) onDone();
  }, [open, onDone]);
  const save = useMutation({
    mutationFn: applicationApi.saveAnswers,
    onSuccess: ({ message }, changes) => {
      store.markSaved(changes);
      updateCachedProfile(queryClient, (profile) => ({
        ...profile,
        answer: { ...profile.answer, ...changes },
      }));
      setOpen(false);
      toast.show({ kind: 'success', message });
    },
    onError: (error) => {
      // The typed answers stay in the form: the next Save or page change sends them again.
      setOpen(false);
      if (error instanceof UnauthorizedError) return; // handled once, globally
      const message = error instanceof ServerError ? error.message : genericErrorMessage();
      toast.show({ kind: 'error', title: tShell('error.toastTitle'), message });
    },
  });
  const useTyped = () => {
    store.setAnswers(typedChanges(conflicts, typed));
    save.mutate(changedAnswers(store.getSaved(), store.getState().answers));
  };

  const texts = answersChoiceTexts();
  return (
    <ConfirmDialog
      isOpen={open}
      title={texts.title}
      confirmLabel={texts.use}
      cancelLabel={texts.keep}
      // Either choice keeps an answer the applicant gave: neither is a deletion.
      danger={false}
      busy={save.isPending}
      onCancel={() => setOpen(false)}
      onConfirm={useTyped}
    >
      <p>{texts.intro}</p>
      <ul className="answers-choice">
        {conflicts.map(({ key, label, saved, typed: mine }) => (
          <li key={key}>
            <strong>{label}</strong>: {texts.saved} “{saved}”, {texts.typed} “{mine}”
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
