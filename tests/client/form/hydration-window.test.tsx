// @vitest-environment jsdom
/**
 * Typing into a hydrated field after React commits and before it runs its passive effects, where
 * useSyncExternalStore subscribes: on a slow phone that window lasted half a second, and every
 * keystroke in it was put back by React (a phone number typed while the page hydrated kept only
 * its last digits).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useEffect, useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { createQueryClient } from '../../../src/client/api/query-client';
import { ToastProvider } from '../../../src/client/components/toast-provider';
import { FormProvider } from '../../../src/client/form/form-context';
import { createFormStore, type FormStore } from '../../../src/client/form/form-store';
import { PageRenderer } from '../../../src/client/renderer/page-renderer';
import { pageById } from '../../../src/forms/form-pages';
import { pageValidator } from '../../../src/forms/page-validators';

const about = pageById('about')!;
const now = () => new Date('2025-01-15T12:00:00Z');

/** Whether React has run the passive effects of the hydration's commit. */
let effectsRan = false;
let committed: () => void = () => {};

/**
 * Marks the commit, then keeps the main thread as a slow phone would: the scheduler yields before
 * the passive effects, and what waits on the commit runs first.
 */
function CommitMarker() {
  useLayoutEffect(() => {
    const end = performance.now() + 20;
    while (performance.now() < end);
    committed();
  }, []);
  useEffect(() => {
    effectsRan = true;
  }, []);
  return null;
}

function Page({ store }: { store: FormStore }) {
  return (
    <QueryClientProvider client={createQueryClient(() => {})}>
      <ToastProvider>
        <FormProvider store={store} environment={{ status: null, loggedIn: false }}>
          <PageRenderer page={about} />
          <CommitMarker />
        </FormProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

const storeOf = () => createFormStore({ page: about, validatorOf: pageValidator, now });

/** Types one more character at the end, as a browser does: the value, then an input event. */
function typeChar(field: HTMLInputElement, char: string): void {
  const value = field.value + char;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  field.setSelectionRange(value.length, value.length);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

it('keeps every keystroke typed between the hydration’s commit and its passive effects', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page store={storeOf()} />);
  document.body.append(container);
  const phone = container.querySelector<HTMLInputElement>('[id="phone_home"] input')!;
  expect(phone.value).toBe('');

  effectsRan = false;
  const commit = new Promise<void>((resolve) => (committed = resolve));
  const store = storeOf();
  startTransition(() => {
    root = hydrateRoot(container, <Page store={store} />);
  });
  await commit;
  // The window the test is about: committed, the passive effects not yet run.
  expect(effectsRan).toBe(false);
  for (const digit of '507') typeChar(phone, digit);
  expect(phone.value).toBe('(507');
  expect(store.getState().answers.phone_home).toBe('(507');
  // Once the effects have run, typing goes on from what the field shows.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(effectsRan).toBe(true);
  for (const digit of '5551234') typeChar(phone, digit);
  expect(phone.value).toBe('(507) 555-1234');
  expect(store.getState().answers.phone_home).toBe('(507) 555-1234');
});
