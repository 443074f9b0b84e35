import { describe, expect, it, vi } from 'vitest';
import { createFormStore } from '../../../src/client/form/form-store';
import {
  answerTopic,
  blockTopic,
  errorTopic,
  tabTopic,
} from '../../../src/client/form/store-topics';
import type { PageDefinition } from '../../../src/engine/definitions';
import { pageById } from '../../../src/forms/form-pages';
import { pageValidator } from '../../../src/forms/page-validators';
import { validatePage } from '../../../src/engine/page-validation';
import { pageFields } from '../../../src/engine/page-fields';
import { reactiveKeys } from '../../../src/engine/quick-answer';
import { optionLabelOf, requiredMessage } from '../../helpers/shipped-texts';

const about = pageById('about')!;
const education = pageById('education')!;
const now = () => new Date('2025-01-15T12:00:00Z');

/** A key of the About page that some condition or dependent list reads, asked on the page. */
function reactiveFieldKey(): string {
  const key = [...reactiveKeys(about)].find((k) => pageFields(about).some((f) => f.key === k));
  expect(key, 'the About page asks no key a condition reads').toBeDefined();
  return key!;
}

const aboutStore = (answers: Record<string, string> = {}) =>
  createFormStore({ page: about, initial: { answers }, validatorOf: pageValidator, now });

describe('form store', () => {
  it('validates the page it starts on', () => {
    const store = aboutStore();
    expect(store.getErrors().first_name).toEqual([requiredMessage('first_name')]);
    expect(store.getErrors().entry_term).toBeUndefined();
  });

  it('sets an answer with its _desc and revalidates', () => {
    const store = aboutStore();
    store.setAnswer('first_name', 'Ada');
    store.setAnswer('gender', 'F', optionLabelOf('gender', 'F'));
    expect(store.getState().answers).toMatchObject({
      first_name: 'Ada',
      gender: 'F',
      gender_desc: optionLabelOf('gender', 'F'),
    });
    expect(store.getErrors().first_name).toBeUndefined();
    expect(store.getErrors().gender).toBeUndefined();
  });

  it('clears the state and its _desc when the country changes', () => {
    const store = aboutStore({ country: 'USA', state: 'MN', state_desc: 'Minnesota' });
    store.setAnswer('country', 'CAN', 'Canada');
    expect(store.getState().answers).toMatchObject({ country: 'CAN', state: '', state_desc: '' });
  });

  it('clears what a condition hides', () => {
    const store = aboutStore({
      legacy_ind: 'Y',
      legacy_first_name: 'Grace',
      legacy_last_name: 'Hopper',
    });
    store.setAnswer('legacy_ind', 'N', 'No');
    expect(store.getState().answers).toMatchObject({ legacy_first_name: '', legacy_last_name: '' });
  });

  it('notifies only the topics that changed', () => {
    const frames = handScheduler();
    const store = createFormStore({
      page: about,
      validatorOf: pageValidator,
      now,
      schedule: frames.schedule,
    });
    const first = vi.fn();
    const last = vi.fn();
    const firstErrors = vi.fn();
    const everything = vi.fn();
    store.subscribeTopics([answerTopic('first_name')], first);
    store.subscribeTopics([answerTopic('last_name'), errorTopic('last_name')], last);
    store.subscribeTopics([errorTopic('first_name')], firstErrors);
    store.subscribe(everything);
    store.getErrors(); // as a subscriber's first render does

    store.setAnswer('first_name', 'A');
    store.setAnswer('first_name', 'Ad');
    expect(first).toHaveBeenCalledTimes(2);
    expect(everything).toHaveBeenCalledTimes(2);
    // The required error went away with the first letter, and stayed away: one notice, after
    // the frame.
    expect(firstErrors).not.toHaveBeenCalled();
    frames.runFrame();
    expect(firstErrors).toHaveBeenCalledTimes(1);
    expect(last).not.toHaveBeenCalled();
    expect(everything).toHaveBeenCalledTimes(3);

    store.setAnswer('first_name', 'Ad');
    frames.runFrame();
    expect(everything).toHaveBeenCalledTimes(3);
  });

  it('tells its unheard-answer listeners of a change to an answer nobody subscribes to', () => {
    const store = aboutStore();
    const unheard = vi.fn();
    const unsubscribeUnheard = store.subscribeUnheard(unheard);
    // A block count is not an answer a field shows.
    store.setAddAnother('schools', 2);
    expect(unheard).not.toHaveBeenCalled();

    store.setAnswer('first_name', 'A');
    expect(unheard).toHaveBeenCalledTimes(1);

    const unsubscribe = store.subscribeTopics([answerTopic('first_name')], () => {});
    store.setAnswer('first_name', 'Ad');
    expect(unheard).toHaveBeenCalledTimes(1);
    // One of the answers changed is unheard (a lookup's code beside the name shown).
    store.setAnswers([
      { key: 'first_name', value: 'Ada' },
      { key: 'last_name', value: 'L' },
    ]);
    expect(unheard).toHaveBeenCalledTimes(2);

    unsubscribe();
    store.setAnswer('first_name', 'Ad');
    expect(unheard).toHaveBeenCalledTimes(3);
    unsubscribeUnheard();
    store.setAnswer('first_name', 'A');
    expect(unheard).toHaveBeenCalledTimes(3);
  });

  it('validates only when asked while nobody watches errors', () => {
    const validator = pageValidator('about')!;
    const calls = vi.fn();
    const counting = Object.assign(
      function (this: unknown, data: unknown) {
        calls();
        const ok = validator.call(this as never, data);
        counting.errors = validator.errors;
        return ok;
      },
      { errors: null as typeof validator.errors },
    );
    const store = createFormStore({ page: about, validatorOf: () => counting, now });
    store.setAnswer('first_name', 'A');
    store.setAnswer('first_name', 'Ad');
    expect(calls).not.toHaveBeenCalled();
    expect(store.getErrors().first_name).toBeUndefined();
    expect(store.getErrors().last_name).toEqual([requiredMessage('last_name')]);
    expect(calls).toHaveBeenCalledTimes(1);

    // Someone shows errors: each change revalidates at once and says which errors changed.
    const lastErrors = vi.fn();
    const topics = [errorTopic('last_name')];
    store.subscribeTopics(topics, lastErrors);
    const before = store.versionOf(topics);
    store.setAnswer('last_name', 'L');
    expect(calls).toHaveBeenCalledTimes(2);
    expect(lastErrors).toHaveBeenCalledTimes(1);
    expect(store.versionOf(topics)).toBeGreaterThan(before);
  });

  it('moves the version of a topic only when it changes', () => {
    const store = aboutStore();
    const topics = [answerTopic('last_name')];
    const before = store.versionOf(topics);
    store.setAnswer('first_name', 'Ada');
    expect(store.versionOf(topics)).toBe(before);
    store.setAnswer('last_name', 'Lovelace');
    expect(store.versionOf(topics)).toBeGreaterThan(before);
  });

  it('switches a tab: records it and clears the answers the tab lists', () => {
    const store = createFormStore({
      page: education,
      initial: { answers: { hs_gpa: '3.9' }, tabs: { transcript: 'self-report' } },
      validatorOf: pageValidator,
      now,
    });
    const tab = vi.fn();
    store.subscribeTopics([tabTopic('transcript')], tab);
    store.setTab('transcript', 'upload');
    expect(store.getState().tabs).toEqual({ transcript: 'upload' });
    expect(store.getState().answers.hs_gpa).toBe('');
    expect(tab).toHaveBeenCalledTimes(1);
  });

  it('restores saved tab choices and counts without clearing answers', () => {
    const store = createFormStore({
      page: education,
      initial: { answers: { hs_gpa: '3.9' } },
      validatorOf: pageValidator,
      now,
    });
    const blocks = vi.fn();
    store.subscribeTopics([blockTopic('activity_interest')], blocks);
    store.restoreChoices({ tabs: { transcript: 'upload' }, addAnother: { activity_interest: 3 } });
    expect(store.getState()).toMatchObject({
      answers: { hs_gpa: '3.9' },
      tabs: { transcript: 'upload' },
      addAnother: { activity_interest: 3 },
    });
    expect(blocks).toHaveBeenCalledTimes(1);
    store.restoreChoices({ addAnother: { activity_interest: 3 } });
    expect(blocks).toHaveBeenCalledTimes(1);
  });

  it('counts add-another blocks', () => {
    const store = createFormStore({ page: education, validatorOf: pageValidator, now });
    store.setAddAnother('activity_interest', 2);
    expect(store.getState().addAnother).toEqual({ activity_interest: 2 });
  });

  it('resets the state, keeping the parts not given, and notifies everyone', () => {
    const store = aboutStore({ first_name: 'Ada' });
    store.restoreChoices({ tabs: { transcript: 'upload' } });
    const last = vi.fn();
    store.subscribeTopics([answerTopic('last_name')], last);
    store.reset({ answers: { first_name: 'Grace', last_name: 'Hopper' } });
    expect(store.getState()).toMatchObject({
      answers: { first_name: 'Grace', last_name: 'Hopper' },
      tabs: { transcript: 'upload' },
    });
    expect(last).toHaveBeenCalledTimes(1);
    expect(store.getErrors().last_name).toBeUndefined();
  });

  it('revalidates against the page it switches to', () => {
    const store = aboutStore();
    store.setPage(education);
    expect(store.getPage()).toBe(education);
    expect(store.getErrors().entry_term).toEqual([requiredMessage('entry_term')]);
    expect(store.getErrors().first_name).toBeUndefined();
  });

  it('sets several answers in order, the country before the state', () => {
    const store = createFormStore({ page: education, validatorOf: pageValidator, now });
    store.setAnswers([
      { key: 'hs_country', value: 'USA', desc: 'United States' },
      { key: 'hs_state', value: 'IL', desc: 'Illinois' },
    ]);
    expect(store.getState().answers).toMatchObject({ hs_country: 'USA', hs_state: 'IL' });
  });

  it('runs without a validator for a page that has none', () => {
    const page: PageDefinition = { ...about, id: 'no-schema' };
    const store = createFormStore({ page, validatorOf: pageValidator, now });
    expect(store.getErrors()).toEqual({});
  });
});

describe('form store visibility while typing', () => {
  it('gives the errors a full validation gives, whatever the keys typed into', () => {
    const store = aboutStore();
    store.subscribeTopics([errorTopic('first_name')], () => {});
    const steps: Array<[string, string]> = [
      ['first_name', 'A'],
      ['country', 'GBR'],
      ['first_name', 'Ad'],
      ['country', 'USA'],
      ['first_name', 'Ada'],
      ['citizenship_type', 'PR'],
      ['citizenship', '!!'],
      ['last_name', 'L'],
      ['citizenship_type', 'US'],
      ['first_name', ''],
      ['country', 'GBR'],
      ['last_name', 'Lo'],
    ];
    for (const [key, value] of steps) {
      store.setAnswer(key, value);
      const full = validatePage(about, pageValidator('about')!, store.getState(), { now: now() });
      expect(store.getErrors(), `after ${key} = "${value}"`).toEqual(full);
    }
  });
});

/** A scheduler the test runs by hand: the store's validation after a keystroke's frame. */
function handScheduler() {
  const tasks = new Set<() => void>();
  return {
    schedule: (task: () => void) => {
      tasks.add(task);
      return () => tasks.delete(task);
    },
    pending: () => tasks.size,
    runFrame: () => {
      const due = [...tasks];
      tasks.clear();
      for (const task of due) task();
    },
  };
}

/** The About page's validator with its fields' validators, counting the page's runs. */
function countingValidator({ fields = true } = {}) {
  const validator = pageValidator('about')!;
  const pageRuns = vi.fn();
  const counting = Object.assign(
    function (this: unknown, data: unknown) {
      pageRuns();
      const ok = validator.call(this as never, data);
      counting.errors = validator.errors;
      return ok;
    },
    { errors: null as typeof validator.errors, fields: fields ? validator.fields : undefined },
  );
  return { counting, pageRuns };
}

describe('form store while errors show', () => {
  const full = (store: ReturnType<typeof aboutStore>) =>
    validatePage(about, pageValidator('about')!, store.getState(), { now: now() });

  function shownStore(answers: Record<string, string> = {}, { fields = true } = {}) {
    const frames = handScheduler();
    const { counting, pageRuns } = countingValidator({ fields });
    const store = createFormStore({
      page: about,
      initial: { answers },
      validatorOf: () => counting,
      now,
      schedule: frames.schedule,
    });
    const heard = new Map<string, ReturnType<typeof vi.fn>>();
    const unsubscribes: Array<() => void> = [];
    for (const key of ['first_name', 'last_name', 'phone_mobile', 'phone_home', 'state']) {
      const listener = vi.fn();
      heard.set(key, listener);
      unsubscribes.push(store.subscribeTopics([errorTopic(key)], listener));
    }
    const everything = vi.fn();
    store.subscribe(everything);
    store.getShownErrors(); // as the fields' first render does
    pageRuns.mockClear();
    const unwatch = () => unsubscribes.forEach((unsubscribe) => unsubscribe());
    return {
      store,
      frames,
      pageRuns,
      heard: (key: string) => heard.get(key)!,
      everything,
      unwatch,
    };
  }

  it('validates the typed field at once, without the page, and tells it after the frame', () => {
    const { store, frames, pageRuns, heard, everything } = shownStore();
    expect(store.getShownErrors().first_name).toEqual([requiredMessage('first_name')]);
    store.setAnswer('first_name', 'A');
    // The key's frame draws the answer alone: the message goes with the page's validation.
    expect(heard('first_name')).not.toHaveBeenCalled();
    expect(store.getShownErrors().first_name).toBeUndefined();
    expect(pageRuns).not.toHaveBeenCalled();
    expect(frames.pending()).toBe(1);
    const calls = everything.mock.calls.length;
    frames.runFrame();
    expect(heard('first_name')).toHaveBeenCalledTimes(1);
    expect(pageRuns).toHaveBeenCalledTimes(1);
    expect(everything).toHaveBeenCalledTimes(calls + 1);

    store.setAnswer('first_name', '');
    expect(store.getShownErrors().first_name).toEqual([requiredMessage('first_name')]);
    expect(heard('first_name')).toHaveBeenCalledTimes(1);
    frames.runFrame();
    expect(heard('first_name')).toHaveBeenCalledTimes(2);
  });

  it('tells the typed field of its message once a whole-page change validates at once', () => {
    const { store, frames, heard } = shownStore();
    store.setAnswer('first_name', 'A');
    expect(heard('first_name')).not.toHaveBeenCalled();
    // A key some condition reads validates the page at once: the owed notice goes with it.
    store.setAnswer(reactiveFieldKey(), 'x');
    expect(heard('first_name')).toHaveBeenCalledTimes(1);
    expect(frames.pending()).toBe(0);
  });

  it('publishes another field’s cross-field error only after the frame', () => {
    const { store, frames, heard, everything } = shownStore({ phone_home: '(555) 555-0123' });
    expect(store.getShownErrors().phone_mobile).toBeUndefined();
    store.setAnswer('optin_sms_ind', 'true');
    const expected = full(store).phone_mobile;
    expect(expected).toHaveLength(1);
    expect(heard('phone_mobile')).not.toHaveBeenCalled();
    expect(store.getShownErrors().phone_mobile).toBeUndefined();
    const calls = everything.mock.calls.length;

    frames.runFrame();
    expect(heard('phone_mobile')).toHaveBeenCalledTimes(1);
    expect(store.getShownErrors().phone_mobile).toEqual(expected);
    // The summary (a subscriber to every change) hears of the errors that changed.
    expect(everything).toHaveBeenCalledTimes(calls + 1);
  });

  it('tells nobody after the frame when the keys changed no field’s errors', () => {
    const { store, frames, heard, everything } = shownStore({ first_name: 'A' });
    store.setAnswer('first_name', 'Ad');
    const calls = everything.mock.calls.length;
    frames.runFrame();
    expect(everything).toHaveBeenCalledTimes(calls);
    expect(heard('first_name')).not.toHaveBeenCalled();
    expect(heard('last_name')).not.toHaveBeenCalled();
  });

  it('gives the current errors at once to whoever reads them (submit, Next)', () => {
    const { store, frames, pageRuns, heard } = shownStore({ phone_home: '(555) 555-0123' });
    store.setAnswer('optin_sms_ind', 'true');
    expect(store.getErrors()).toEqual(full(store));
    expect(pageRuns).toHaveBeenCalledTimes(1);
    // The field shown is told after the frame, without validating the page again.
    expect(heard('phone_mobile')).not.toHaveBeenCalled();
    frames.runFrame();
    expect(heard('phone_mobile')).toHaveBeenCalledTimes(1);
    expect(pageRuns).toHaveBeenCalledTimes(1);
  });

  it('validates the page once for a burst of keys', () => {
    const { store, frames, pageRuns } = shownStore();
    for (const value of ['A', 'Ad', 'Ada', 'Ad', 'Ada']) store.setAnswer('first_name', value);
    store.setAnswer('last_name', 'L');
    expect(frames.pending()).toBe(1);
    expect(pageRuns).not.toHaveBeenCalled();
    frames.runFrame();
    expect(pageRuns).toHaveBeenCalledTimes(1);
    expect(store.getShownErrors()).toEqual(full(store));
    expect(frames.pending()).toBe(0);
  });

  it('shows the typed field the page’s errors at every key, and all of them after the frame', () => {
    const { store, frames } = shownStore();
    const steps: Array<[string, string]> = [
      ['country', 'USA'],
      ['phone_home', '(5'],
      ['phone_home', '(555) 555-0123'],
      ['phone_home', ''],
      ['phone_mobile', 'x'],
      ['optin_sms_ind', 'true'],
      ['phone_mobile', ''],
      ['gender', 'ZZ'],
      ['legacy_ind', 'Y'],
      ['legacy_first_name', 'G'],
      ['legacy_ind', 'N'],
      ['country', 'GBR'],
    ];
    for (const [key, value] of steps) {
      store.setAnswer(key, value);
      // No flicker: the typed field shows at once what the page's validation gives it.
      expect(store.getShownErrors()[key], `${key} = "${value}"`).toEqual(full(store)[key]);
      frames.runFrame();
      expect(store.getShownErrors(), `after the frame of ${key} = "${value}"`).toEqual(full(store));
    }
  });

  it('validates the whole page at once on a tab or block change, and hides what they hide', () => {
    const frames = handScheduler();
    const store = createFormStore({
      page: education,
      initial: { answers: { hs_gpa: 'x' }, tabs: { transcript: 'self-report' } },
      validatorOf: pageValidator,
      now,
      schedule: frames.schedule,
    });
    store.subscribeTopics([errorTopic('hs_gpa')], () => {});
    const fullEducation = () =>
      validatePage(education, pageValidator('education')!, store.getState(), { now: now() });
    store.getShownErrors();
    store.setAnswer('hs_gpa', '3.');
    store.setTab('transcript', 'upload');
    expect(store.getShownErrors()).toEqual(fullEducation());
    expect(store.getShownErrors().hs_gpa).toBeUndefined();
    store.setAddAnother('activity_interest', 2);
    expect(store.getShownErrors()).toEqual(fullEducation());
    // The page was validated whole: nothing is left for after the frame.
    expect(frames.pending()).toBe(0);
  });

  it('validates the page at once when the key typed is one a condition reads', () => {
    const { store, frames, pageRuns } = shownStore();
    store.setAnswer(reactiveFieldKey(), 'x');
    // What the change shows or hides has its errors now, not after the frame.
    expect(pageRuns).toHaveBeenCalledTimes(1);
    expect(frames.pending()).toBe(0);
    expect(store.getShownErrors()).toEqual(full(store));
  });

  it('validates the page once a key, at once, until the fields’ validators have loaded', () => {
    const { store, frames, pageRuns } = shownStore({}, { fields: false });
    store.setAnswer('first_name', 'A');
    expect(pageRuns).toHaveBeenCalledTimes(1);
    expect(frames.pending()).toBe(0);
    expect(store.getShownErrors()).toEqual(full(store));
  });

  it('validates again when next read after a run that found nobody watching', () => {
    const { store, frames, unwatch } = shownStore({ phone_home: '(555) 555-0123' });
    store.setAnswer('optin_sms_ind', 'true');
    expect(frames.pending()).toBe(1);
    unwatch();
    frames.runFrame();
    // Not the keystroke's partial errors: the page's, cross-field error included.
    expect(store.getShownErrors()).toEqual(full(store));
  });

  it('leaves nothing to publish once nobody watches errors', () => {
    const { store, frames, pageRuns } = shownStore();
    const unwatched = createFormStore({
      page: about,
      validatorOf: pageValidator,
      now,
      schedule: frames.schedule,
    });
    unwatched.setAnswer('first_name', 'A');
    expect(frames.pending()).toBe(0);
    store.setAnswer('first_name', 'A');
    store.reset({ answers: {} });
    expect(frames.pending()).toBe(0);
    expect(store.getErrors().first_name).toEqual([requiredMessage('first_name')]);
    expect(pageRuns).toHaveBeenCalledTimes(1);
  });
});
