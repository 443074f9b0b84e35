/**
 * The form's state outside React: answers, add-another counts, chosen tabs and the current page's
 * errors, with subscriptions per topic (store-topics.ts). Components read it through
 * useSyncExternalStore, so typing in one field re-renders that field and whatever depends on it,
 * never the whole page. Every change goes through the engine (setAnswer, switchTab, validatePage).
 * While errors show, a keystroke validates only the fields it changed (validateField), at once,
 * and publishes nothing but the answer: the whole page is validated after the keystroke's frame,
 * once for a burst of keys, and every error it changed is published then, the typed field's
 * included, so a message that comes or goes never adds a render and a relayout of the page to the
 * frame that draws the key (issue 43). Reading the errors never waits for it.
 */
import { switchTab } from '../../engine/answer-changes';
import type { Answers, FormState, PageDefinition } from '../../engine/definitions';
import type { AnswerChange } from '../../engine/lookup-answers';
import { validateField, validatePage } from '../../engine/page-validation';
import { tabsQuestionById } from '../../engine/walk-definition';
import { reactiveKeys, setAnswerQuickly } from '../../engine/quick-answer';
import { visibleKeys } from '../../engine/visibility';
import type { CompiledValidator, FieldErrors } from '../../engine/validation';
import { afterNextPaint } from './after-next-paint';
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
  /** The current page's errors, as of now (a validation after a keystroke is done first). */
  getErrors(): FieldErrors;
  /**
   * The errors to draw: the fields a keystroke changed as validated at once (their topics are
   * told after the frame), the others as the page's last validation left them (the next one runs
   * after the frame). Reading them never validates the page while a keystroke's frame is being
   * drawn; decisions read getErrors().
   */
  getShownErrors(): FieldErrors;
  /**
   * Sets one answer through engine setAnswer (dependent clearing, hidden clearing). While errors
   * are watched, the changed fields' errors are validated at once, the page's after the frame,
   * and the errors that changed are published after the frame.
   */
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
  /**
   * Runs the page's validation after a keystroke's frame; returns a cancel. Defaults to
   * afterNextPaint; tests inject their own.
   */
  schedule?: (task: () => void) => () => void;
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
  const { validatorOf, now = () => new Date(), schedule = afterNextPaint } = options;
  let page = options.page;
  let state: FormState = { ...emptyState(), ...options.initial };
  let saved: Answers = { ...options.saved };
  /** Whether the answers are as setAnswer leaves them (nothing hidden is answered). */
  let clean = false;
  /** The current page's errors; null when stale, validated again when next read. */
  let errors: FieldErrors | null = null;
  /**
   * Set while `errors` holds only the changed fields' new errors over the page's last validation:
   * the page's validation is due (scheduled, or done by the next read).
   */
  let partial = false;
  /** Error topics a validation changed that subscribers have not yet been told of. */
  const owed = new Set<string>();
  /** Cancels the scheduled validation; null while none is scheduled. */
  let cancelScheduled: (() => void) | null = null;
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
  /** The error topics whose messages differ between two validations. */
  const changedErrorTopics = (before: FieldErrors, after: FieldErrors): string[] => {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].filter((k) => !sameMessages(before[k], after[k])).map(errorTopic);
  };

  const cancelPending = () => {
    cancelScheduled?.();
    cancelScheduled = null;
    partial = false;
    owed.clear();
  };

  /** Validates the page now if only fields were; the topics it changed are owed a notice. */
  const completeErrors = (): FieldErrors => {
    if (errors === null) errors = validateNow();
    else if (partial) {
      const before = errors;
      errors = validateNow();
      for (const topic of changedErrorTopics(before, errors)) owed.add(topic);
    }
    partial = false;
    return errors;
  };

  /** The scheduled run: the page's validation, then the notice of what it changed. */
  const settle = () => {
    cancelScheduled = null;
    // Nobody to tell: the errors are validated again when next read (they may be partial).
    if (errorWatchers === 0) {
      owed.clear();
      partial = false;
      errors = null;
      staleSince = clock + 1;
      return;
    }
    completeErrors();
    const topics = [...owed];
    owed.clear();
    notify(topics);
  };

  /**
   * After a change: revalidates at once and returns the error topics that changed while someone
   * watches errors; otherwise only marks the errors stale (typing while errors are not shown
   * costs no validation). Given the answer keys a keystroke changed, only their fields are
   * validated now, their changed topics owed, and the page's validation scheduled after the
   * frame: the notice of both comes then (settle).
   */
  const revalidate = (changed?: readonly string[]): string[] => {
    if (errorWatchers === 0) {
      cancelPending();
      errors = null;
      staleSince = clock + 1;
      return [];
    }
    const before = errors;
    // Errors nobody had read since they went stale may have changed anywhere.
    if (before === null) {
      cancelPending();
      errors = validateNow();
      return [...topicListeners.keys()].filter(isErrorTopic);
    }
    const validator = validatorOf(page.id);
    // Field by field only when each field has its own validator and what shows stays the same:
    // otherwise one run of the page's validator is cheaper and shows what a change revealed.
    if (changed && validator?.fields && visible !== null) {
      const after = { ...before };
      for (const key of changed) {
        const messages = validateField(page, validator, state, key, { now: now() });
        if (!sameMessages(before[key], messages)) owed.add(errorTopic(key));
        if (messages.length) after[key] = messages;
        else delete after[key];
      }
      errors = after;
      partial = true;
      cancelScheduled ??= schedule(settle);
      return [];
    }
    // A change of what shows (a tab, a block count): the whole page at once.
    const owedBefore = [...owed];
    cancelPending();
    errors = validateNow();
    return [...new Set([...owedBefore, ...changedErrorTopics(before, errors)])];
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
    notify([...keys.map(answerTopic), ...extraTopics, ...revalidate(keys)]);
  };

  return {
    getState: () => state,
    getErrors: completeErrors,
    getShownErrors: () => errors ?? completeErrors(),
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
      cancelPending();
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
      cancelPending();
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
