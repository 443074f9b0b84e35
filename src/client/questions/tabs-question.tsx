import { useQueryClient } from '@tanstack/react-query';
import { produce } from 'immer';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { tabSwitch } from '../../engine/answer-changes';
import type { TabsQuestion as Definition } from '../../engine/definitions';
import { chosenTab, descKey } from '../../engine/visibility';
import { updateCachedProfile } from '../api/use-profile';
import { UnauthorizedError } from '../api/errors';
import { refreshDocument } from '../documents/documents-api';
import { SwitchTabDialog } from '../documents/switch-tab-dialog';
import { UploadInProgressDialog } from '../documents/upload-in-progress-dialog';
import { useTabFile } from '../documents/use-tab-file';
import { useSaveTab, useTabChoices } from '../form/choices-api';
import { useFormEnvironment, useFormStore } from '../form/form-context';
import type { FormStore } from '../form/form-store';
import { tabTopic } from '../form/store-topics';
import { useFailureToast } from '../form/use-failure-toast';
import { useStoreSelector } from '../form/use-store-selector';
import type { QuestionProps } from '../renderer/question-props';
import { QuestionList } from '../renderer/question-list';
import { t } from '../i18n/documents-texts';

const topicsCache = new WeakMap<Definition, readonly string[]>();
const topicsOf = (question: Definition) => {
  let topics = topicsCache.get(question);
  if (!topics) topicsCache.set(question, (topics = [tabTopic(question.id)]));
  return topics;
};

/**
 * Alternative sets of questions (SPEC §4 "Tabs"), as WAI-ARIA tabs with manual activation, since
 * choosing a tab clears answers. A logged-in applicant's choice comes from GET /api/tabs; choosing
 * another tab saves it with PUT, then records it and clears the answers that tab lists. Leaving a
 * tab that owns a file waits while the file uploads or converts (the "File Upload in Progress"
 * dialog) and otherwise, once the applicant confirms, deletes the file first. Visitors see only the default tab, without the tab
 * list.
 */
export function TabsQuestion({ question }: QuestionProps<'tabs'>) {
  const store = useFormStore();
  const { loggedIn: applicant } = useFormEnvironment();
  const choices = useTabChoices(applicant);
  const save = useSaveTab();
  const failed = useFailureToast();
  const queryClient = useQueryClient();
  const [blocked, setBlocked] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const defaultTab = question.tabs[0]?.id ?? '';
  // SPEC §8's template, filled with the default tab's label rather than its internal id.
  const failure = t('tabs.failure', { tab: question.tabs[0]?.label ?? defaultTab });
  const selectTab = useCallback(
    (s: FormStore) => chosenTab(s.getState(), question.id, defaultTab),
    [question.id, defaultTab],
  );
  // A visitor cannot choose (nor load a choice), so the store holds the default tab for them.
  const chosen = useStoreSelector(topicsOf(question), selectTab);
  const tab = question.tabs.find((t) => t.id === chosen) ?? question.tabs[0];
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  // The file of the tab on screen: the one a switch would delete.
  const ownedFile = question.tabs.find((t) => t.id === chosen)?.file;
  const file = useTabFile(ownedFile, applicant);

  useEffect(() => {
    if (choices.data) store.restoreChoices({ tabs: choices.data });
  }, [choices.data, store]);
  useEffect(() => {
    if (choices.error) failed(failure, choices.error);
  }, [choices.error, failed, failure]);

  if (!tab) return null;
  const panelId = `${question.id}-panel`;
  const tabId = (id: string) => `${question.id}-tab-${id}`;
  const panel = (
    <div
      id={panelId}
      className="tabs__panel"
      role={applicant ? 'tabpanel' : undefined}
      aria-labelledby={applicant ? tabId(tab.id) : undefined}
    >
      <QuestionList questions={tab.questions} />
    </div>
  );

  if (!applicant) {
    return (
      <div id={question.id} className="question tabs tabs--static">
        {question.label && <p className="question__label">{question.label}</p>}
        {panel}
      </div>
    );
  }

  // SPEC §8: after a tab error the file's conversion and the document list are read again.
  const refreshFile = () => {
    if (ownedFile) void refreshDocument(queryClient, ownedFile);
  };
  // Leaving the tab that owns a file: while it uploads the switch waits; once attached, the
  // applicant is asked first (SwitchTabDialog), since the switch deletes it.
  const choose = (to: string) => {
    if (to === chosen || save.isPending || releasing) return;
    const { deleteFile } = tabSwitch(question, chosen, to);
    if (deleteFile && file.busy) setBlocked(true);
    else if (deleteFile && file.exists) setAsking(to);
    else void switchTo(to);
  };
  const switchTo = async (to: string) => {
    const { clear, deleteFile } = tabSwitch(question, chosen, to);
    if (deleteFile && file.exists) {
      setReleasing(true);
      try {
        await file.release();
      } catch (error) {
        setAsking(null);
        // A 401 is handled globally; any other failure keeps the tab and its file.
        if (!(error instanceof UnauthorizedError)) {
          setBlocked(true);
          refreshFile();
        }
        return;
      } finally {
        setReleasing(false);
      }
    }
    setAsking(null);
    save.mutate(
      { tabsId: question.id, tabId: to },
      {
        onSuccess: () => {
          store.setTab(question.id, to);
          // PUT /api/tabs cleared the same answers on the server: they are saved as '', so the
          // next save does not send them again and nothing counts as unsaved ("Leave site?").
          const cleared = Object.fromEntries(
            clear.flatMap((key) => [
              [key, ''],
              [descKey(key), ''],
            ]),
          );
          store.markSaved(cleared);
          updateCachedProfile(
            queryClient,
            produce((profile) => {
              Object.assign(profile.answer, cleared);
            }),
          );
        },
        onError: (error) => {
          failed(failure, error);
          refreshFile();
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = question.tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div id={question.id} className="question tabs">
      {question.label && (
        <p id={`${question.id}-label`} className="question__label">
          {question.label}
        </p>
      )}
      <div
        role="tablist"
        className="tabs__list"
        aria-labelledby={question.label ? `${question.id}-label` : undefined}
        aria-busy={save.isPending || releasing || undefined}
      >
        {question.tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            id={tabId(t.id)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={t.id === tab.id}
            aria-controls={t.id === tab.id ? panelId : undefined}
            tabIndex={t.id === tab.id ? 0 : -1}
            onClick={() => choose(t.id)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {panel}
      <UploadInProgressDialog isOpen={blocked} onClose={() => setBlocked(false)} />
      <SwitchTabDialog
        to={question.tabs.find((t) => t.id === asking)}
        from={tab}
        busy={releasing}
        onKeep={() => setAsking(null)}
        onSwitch={() => void switchTo(asking ?? chosen)}
      />
    </div>
  );
}
