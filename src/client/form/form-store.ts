/**
 * The form's state outside React: answers, add-another counts, chosen tabs and the current page's
 * errors, with subscriptions per topic (store-topics.ts). Components read it through
 * useSyncExternalStore, so typing in one field re-renders that field and whatever depends on it,
 * never the whole page. Every change goes through the engine (setAnswer, switchTab, validatePage).
 */
import { switchTab } from '../../engine/answer-changes';
import type { Answers, FormState, PageDefinition } from '../../engine/definitions';
import type { AnswerChange } from '../../engine/lookup-answers';
import { validatePage } from '../../engine/page-validation';
import { tabsQuestionById } from '../../engine/walk-definition';
import { reactiveKeys, setAnswerQuickly } from '../../engine/quick-answer';
import { visibleKeys } from '../../engine/visibility';
import type { CompiledValidator, FieldErrors } from '../../engine/validation';
import {
  answerTopic,
  blockTopic,
  errorTopic,
  isAnswerTopic,
  isErrorTopic,
  tabTopic,
} from './store-topics';

export interface FormStore {
  getState(): FormState;
  /** Errors of the current page's last validation. */
  getErrors(): FieldErrors;
  /** Sets one answer through engine setAnswer (dependent clearing, hidden clearing), then revalidates the page. */
  setAnswer(key: string, value: string, desc?: string): void;
  /** Replaces the whole state (profile loaded, visitor answers restored) and revalidates. Parts not given are kept. */
  reset(state: Partial<FormState>): void;
  setAddAnother(id: string, count: number): void;
  /** Switches a tabs question: records the choice and clears the answers the tab lists (engine switchTab). */
  setTab(tabsId: string, tabId: string): void;
  /** What the server last stored: the base of the next save's changes and of "Leave site?". */
  getSaved(): Answers;
  /** Records answers the server now holds: a save it acknowledged, answers a tab switch cleared. */
  markSaved(answers: Answers): void;
  /** Switches the page being edited (revalidates against it). */
  setPage(page: PageDefinition): void;
  /** Called after every change. */
  subscribe(listener: () => void): () => void;

  /** The page being edited. */
  getPage(): PageDefinition;
  /** Sets several answers in order (a lookup result), revalidating once. */
  setAnswers(changes: readonly AnswerChange[]): void;
  /** Restores saved add-another counts and tab choices without clearing anything. */
  restoreChoices(choices: Pick<FormState, 'addAnother' | 'tabs'>): void;
  /** Calls the listener when any of the topics changes. */
  subscribeTopics(topics: readonly string[], listener: () => void): () => void;
  /**
   * Calls the listener after a change to an answer nobody subscribes to: a field React has
   * committed but not yet subscribed (FormProvider's UnheardAnswers says why that matters).
   */
  subscribeUnheard(listener: () => void): () => void;
  /** A number that grows whenever any of the topics changes (a useSyncExternalStore snapshot). */
  versionOf(topics: readonly string[]): number;
  /** The instant date rules and year lists count from. */
  now(): Date;
}

export interface FormStoreOptions {
  page: PageDefinition;
  initial?: Partial<FormState>;
  /** What the server holds at the start (an applicant's loaded answers; nothing for a visitor). */
  saved?: Answers;
  validatorOf: (pageId: string) => CompiledValidator | undefined;
  now?: () => Date;
}

const emptyState = (): FormState => ({ answers: {}, addAnother: {}, tabs: {} });

/** Keys whose value differs between two answer maps. */
function changedKeys(before: Answers, after: Answers): string[] {
  const keys: string[] = [];
  for (const key in after) if (before[key] !== after[key]) keys.push(key);
  for (const key in before) if (!(key in after)) keys.push(key);
  return keys;
}

function changedEntries(
  before: Record<string, unknown> = {},
  after: Record<string, unknown> = {},
): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]);
}

const sameMessages = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((message, i) => message === b[i]);

export function createFormStore(options: FormStoreOptions): FormStore {
  const { validatorOf, now = () => new Date() } = options;
  let page = options.page;
  let state: FormState = { ...emptyState(), ...options.initial };
  let saved: Answers = { ...options.saved };
  /** Whether the answers are as setAnswer leaves them (nothing hidden is answered). */
  let clean = false;
  /** The current page's errors; null when stale, validated again when next read. */
  let errors: FieldErrors | null = null;
  /**
   * The current page's visible keys; null when a change may have moved them. Typing into a field
   * no condition reads keeps them, so a keystroke's validation does not walk every condition.
   */
  let visible: readonly string[] | null = null;
  /** Subscriptions to error topics: while there are none, validation waits until asked. */
  let errorWatchers = 0;
  /** The version at which the errors last went stale: every error topic counts as changed. */
  let staleSince = 0;
  let clock = 0;
  let everything = 0;
  const versions = new Map<string, number>();
  const topicListeners = new Map<string, Set<() => void>>();
  const listeners = new Set<() => void>();
  const unheardListeners = new Set<() => void>();

  const validateNow = (): FieldErrors => {
    const validator = validatorOf(page.id);
    if (!validator) return {};
    visible ??= visibleKeys(page, state);
    return validatePage(page, validator, state, { now: now() }, visible);
  };
  const currentErrors = (): FieldErrors => (errors ??= validateNow());

  /**
   * After a change: revalidates at once and returns the error topics that changed while someone
   * watches errors; otherwise only marks the errors stale (typing while errors are not shown
   * costs no validation).
   */
  const revalidate = (): string[] => {
    if (errorWatchers === 0) {
      errors = null;
      staleSince = clock + 1;
      return [];
    }
    const before = errors;
    errors = validateNow();
    const after = errors;
    // Errors nobody had read since they went stale may have changed anywhere.
    if (before === null) return [...topicListeners.keys()].filter(isErrorTopic);
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].filter((k) => !sameMessages(before[k], after[k])).map(errorTopic);
  };

  const notify = (topics: readonly string[] | 'all') => {
    if (topics !== 'all' && topics.length === 0) return;
    const version = ++clock;
    const called = new Set<() => void>();
    if (topics === 'all') {
      everything = version;
      for (const set of topicListeners.values()) for (const l of set) called.add(l);
    } else {
      let unheard = false;
      for (const topic of topics) {
        versions.set(topic, version);
        const set = topicListeners.get(topic);
        if (set) for (const listener of set) called.add(listener);
        else if (isAnswerTopic(topic)) unheard = true;
      }
      if (unheard) for (const listener of unheardListeners) called.add(listener);
    }
    for (const listener of called) listener();
    for (const listener of [...listeners]) listener();
  };

  const commitAnswers = (answers: Answers, extraTopics: string[] = []) => {
    const keys = changedKeys(state.answers, answers);
    if (keys.length === 0 && extraTopics.length === 0) return;
    const reactive = reactiveKeys(page);
    if (keys.some((key) => reactive.has(key))) visible = null;
    state = { ...state, answers };
    notify([...keys.map(answerTopic), ...extraTopics, ...revalidate()]);
  };

  return {
    getState: () => state,
    getErrors: currentErrors,
    getPage: () => page,
    now,

    setAnswer(key, value, desc) {
      const answers = setAnswerQuickly(page, state.answers, key, value, desc, clean);
      clean = true;
      commitAnswers(answers);
    },

    setAnswers(changes) {
      let answers = state.answers;
      for (const { key, value, desc } of changes) {
        answers = setAnswerQuickly(page, answers, key, value, desc, clean);
        clean = true;
      }
      commitAnswers(answers);
    },

    reset(next) {
      state = {
        answers: next.answers ?? state.answers,
        addAnother: next.addAnother ?? state.addAnother ?? {},
        tabs: next.tabs ?? state.tabs ?? {},
      };
      clean = false;
      errors = null;
      visible = null;
      notify('all');
    },

    setAddAnother(id, count) {
      if (state.addAnother?.[id] === count) return;
      state = { ...state, addAnother: { ...state.addAnother, [id]: count } };
      visible = null;
      notify([blockTopic(id), ...revalidate()]);
    },

    setTab(tabsId, tabId) {
      const question = tabsQuestionById(page, tabsId);
      const before = state;
      // Clearing the tab's answers may hide more than the engine's switchTab clears.
      clean = false;
      state = question
        ? switchTab(state, question, tabId)
        : { ...state, tabs: { ...state.tabs, [tabsId]: tabId } };
      visible = null;
      const answerTopics = changedKeys(before.answers, state.answers).map(answerTopic);
      notify([tabTopic(tabsId), ...answerTopics, ...revalidate()]);
    },

    getSaved: () => saved,

    markSaved(answers) {
      saved = { ...saved, ...answers };
    },

    restoreChoices(choices) {
      const addAnother = changedEntries(state.addAnother, {
        ...state.addAnother,
        ...choices.addAnother,
      });
      const tabs = changedEntries(state.tabs, { ...state.tabs, ...choices.tabs });
      if (addAnother.length === 0 && tabs.length === 0) return;
      state = {
        ...state,
        addAnother: { ...state.addAnother, ...choices.addAnother },
        tabs: { ...state.tabs, ...choices.tabs },
      };
      visible = null;
      notify([...addAnother.map(blockTopic), ...tabs.map(tabTopic), ...revalidate()]);
    },

    setPage(next) {
      if (next === page) return;
      page = next;
      clean = false;
      errors = null;
      visible = null;
      notify('all');
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    subscribeUnheard(listener) {
      unheardListeners.add(listener);
      return () => unheardListeners.delete(listener);
    },

    subscribeTopics(topics, listener) {
      const watched = topics.filter(isErrorTopic).length;
      errorWatchers += watched;
      for (const topic of topics) {
        let set = topicListeners.get(topic);
        if (!set) topicListeners.set(topic, (set = new Set()));
        set.add(listener);
      }
      return () => {
        errorWatchers -= watched;
        for (const topic of topics) {
          const set = topicListeners.get(topic);
          set?.delete(listener);
          if (set?.size === 0) topicListeners.delete(topic);
        }
      };
    },

    versionOf(topics) {
      let version = everything;
      for (const topic of topics) {
        version = Math.max(version, versions.get(topic) ?? 0);
        if (isErrorTopic(topic)) version = Math.max(version, staleSince);
      }
      return version;
    },
  };
}
