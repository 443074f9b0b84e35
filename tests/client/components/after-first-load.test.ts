// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('../../../src/client/components/after-first-load');

/** A fresh copy of the module (its state is the page's) in a page still loading. */
async function loadingPage(): Promise<Module> {
  vi.resetModules();
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  return import('../../../src/client/components/after-first-load');
}

function finishLoading() {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
  window.dispatchEvent(new Event('load'));
}

describe('afterFirstLoad: code the first screen does not draw', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<p id="text">Words</p><input id="field"><button id="help" type="button">Help</button>';
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (document as { readyState?: string }).readyState;
  });

  it('waits for the load and then a few quiet seconds, never running inside the load', async () => {
    const { afterFirstLoad, QUIET_AFTER_LOAD_MS } = await loadingPage();
    const task = vi.fn();
    afterFirstLoad(task);
    vi.advanceTimersByTime(60_000);
    expect(task).not.toHaveBeenCalled();

    finishLoading();
    vi.advanceTimersByTime(QUIET_AFTER_LOAD_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once at the first key outside a field, press or touch, even before the load is over', async () => {
    for (const type of ['keydown', 'pointerdown', 'touchstart']) {
      const { afterFirstLoad } = await loadingPage();
      const task = vi.fn();
      afterFirstLoad(task);
      document.getElementById('text')!.dispatchEvent(new Event(type, { bubbles: true }));
      expect(task, type).toHaveBeenCalledTimes(1);
    }
  });

  it('runs when a pointer or the focus comes to a button, not to text or a field', async () => {
    const { afterFirstLoad } = await loadingPage();
    const task = vi.fn();
    afterFirstLoad(task);
    const over = (id: string) =>
      document.getElementById(id)!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    over('text');
    document.getElementById('field')!.focus(); // a page focusing its first field is no intent
    expect(task).not.toHaveBeenCalled();
    document.getElementById('help')!.focus();
    expect(task).toHaveBeenCalledTimes(1);

    const again = await loadingPage();
    const other = vi.fn();
    again.afterFirstLoad(other);
    over('help');
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('waits while a field is clicked into and typed in: typing is no intent, and its frames stay free', async () => {
    const { afterFirstLoad, QUIET_AFTER_LOAD_MS } = await loadingPage();
    const task = vi.fn();
    afterFirstLoad(task);
    const field = document.getElementById('field')!;
    const type = () => field.dispatchEvent(new Event('keydown', { bubbles: true }));
    field.dispatchEvent(new Event('pointerdown', { bubbles: true })); // a click into the field
    type();
    finishLoading();
    for (let key = 0; key < 10; key++) {
      vi.advanceTimersByTime(QUIET_AFTER_LOAD_MS - 100);
      type();
    }
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET_AFTER_LOAD_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs a task asked for after that moment at once, and never a task dropped before it', async () => {
    const { afterFirstLoad } = await loadingPage();
    const dropped = vi.fn();
    const kept = vi.fn();
    afterFirstLoad(kept);
    afterFirstLoad(dropped)();
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();

    const late = vi.fn();
    afterFirstLoad(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
