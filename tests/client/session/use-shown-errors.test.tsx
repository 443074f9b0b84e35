// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createFormStore } from '../../../src/client/form/form-store';
import { errorTopic } from '../../../src/client/form/store-topics';
import { useShownErrors } from '../../../src/client/session/use-shown-errors';
import type { WebStatus } from '../../../src/engine/web-status';
import { loadPageValidators } from '../../../src/client/form/page-validators';
import { formPages, pageById } from '../../../src/forms/form-pages';
import { loadAllPages } from '../../../src/forms/page-definitions';
import { pageValidator } from '../../../src/forms/page-validators';
import { requiredMessage } from '../../helpers/shipped-texts';
import { useFakeFrames } from '../../helpers/fake-frames';

const about = pageById('about')!;
const now = () => new Date('2025-01-15T12:00:00Z');
const firstNameRequired = [requiredMessage('first_name')];

/** An About page store whose first name's errors are shown (watched), as the field does. */
function watchedStore() {
  const store = createFormStore({ page: about, validatorOf: pageValidator, now });
  store.subscribeTopics([errorTopic('first_name')], () => {});
  return store;
}

/** Draws a frame and runs the task after it. */
const paint = () => act(() => vi.advanceTimersByTime(20));

const summaryKeys = (errors: ReturnType<typeof useShownErrors>) =>
  errors.summary.pages.flatMap((page) =>
    page.groups.flatMap((group) => group.links.map((link) => link.key)),
  );

function renderErrors(store: ReturnType<typeof watchedStore>, status: WebStatus | null) {
  let renders = 0;
  const hook = renderHook(() => {
    renders++;
    return useShownErrors(store, status, null);
  });
  return { ...hook, renders: () => renders };
}

// As the form loader does for a signed-in applicant, whose form may show every page's errors:
// every page's definition, with its validator.
beforeAll(() => Promise.all([loadAllPages(), loadPageValidators(formPages)]));

useFakeFrames();

describe('useShownErrors', () => {
  it('shows the errors at once when it starts validating', () => {
    const { result } = renderErrors(watchedStore(), 'validating');
    expect(result.current.showing).toBe(true);
    expect(result.current.byKey.first_name).toEqual(firstNameRequired);
    expect(summaryKeys(result.current)).toContain('first_name');
  });

  it('updates the typed field at once and the summary after the frame', () => {
    const store = watchedStore();
    const { result } = renderErrors(store, 'validating');
    const before = result.current;
    act(() => store.setAnswer('first_name', 'A'));
    // The field's own error is gone at once; the summary has not caught up yet.
    expect(store.getErrors().first_name).toBeUndefined();
    expect(result.current).toBe(before);
    paint();
    expect(result.current.byKey.first_name).toBeUndefined();
    expect(summaryKeys(result.current)).not.toContain('first_name');
    expect(summaryKeys(result.current)).toContain('last_name');
  });

  it('checks once for several keys before a frame, and leaves nothing stale after the last', () => {
    const store = watchedStore();
    const { result, renders } = renderErrors(store, 'validating');
    act(() => store.setAnswer('first_name', 'A'));
    paint();
    expect(result.current.byKey.first_name).toBeUndefined();
    const rendered = renders();
    act(() => {
      store.setAnswer('first_name', 'Ad');
      store.setAnswer('first_name', 'A');
      store.setAnswer('first_name', '');
    });
    expect(store.getErrors().first_name).toEqual(firstNameRequired);
    paint();
    expect(result.current.byKey.first_name).toEqual(firstNameRequired);
    expect(summaryKeys(result.current)).toContain('first_name');
    expect(renders()).toBe(rendered + 1);
  });

  it('re-renders nothing for keys that change no error', () => {
    const store = watchedStore();
    const { result, renders } = renderErrors(store, 'validating');
    act(() => store.setAnswer('first_name', 'A'));
    paint();
    const shown = result.current;
    const rendered = renders();
    for (const value of ['Ad', 'Ada', 'Ada L']) {
      act(() => store.setAnswer('first_name', value));
      paint();
    }
    expect(renders()).toBe(rendered);
    expect(result.current).toBe(shown);
  });

  it('takes the page being edited’s errors from the form store, not from a second validation', () => {
    // A store that finds nothing on About (no validator): the shell shows what it finds.
    const store = createFormStore({ page: about, validatorOf: () => undefined, now });
    const { result } = renderErrors(store, 'validating');
    expect(result.current.byKey.first_name).toBeUndefined();
    // The other pages are validated as before.
    expect(result.current.byKey.entry_term).toEqual([requiredMessage('entry_term')]);
  });

  it('shows nothing, and checks nothing, unless validating', () => {
    const store = watchedStore();
    const { result, renders } = renderErrors(store, 'started');
    expect(result.current.showing).toBe(false);
    const rendered = renders();
    act(() => store.setAnswer('first_name', 'A'));
    paint();
    expect(renders()).toBe(rendered);
  });
});
