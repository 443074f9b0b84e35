import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useReducer,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { WebStatus } from '../../engine/web-status';
import type { FormStore } from './form-store';
import { answerTopic } from './store-topics';
import { BadConfigurationError } from '../api/errors';

/** Who is looking at the form: errors show while validating; visitors see less. */
export interface FormEnvironment {
  status: WebStatus | null;
  loggedIn: boolean;
}

const StoreContext = createContext<FormStore | null>(null);
const EnvironmentContext = createContext<FormEnvironment>({
  status: null,
  loggedIn: false,
});

/**
 * Renders nothing: re-renders itself when the store changes an answer nobody subscribes to.
 *
 * useSyncExternalStore subscribes in a passive effect, which React runs some time after the
 * commit. A field hydrated from the server's markup was on screen all along and can be typed into
 * in between: its change reaches the store, no subscriber re-renders the field, and React puts
 * back the value the field was rendered with, so the next keystroke builds on an empty field (a
 * phone number typed while the page hydrated lost its first digits). An update of any component
 * makes React run the pending effects first (it always does before an update): those subscribe
 * the field, see that the store moved on and re-render it with the store's value, all before React
 * would put a value back. Subscribed in a layout effect, so it is there from the commit on.
 * Left open: an answer somebody else already subscribes to (a condition of a field outside a lazy
 * question that React hydrated on its own, later) re-renders that somebody only if what it reads
 * changed, and a keystroke in that question's window could still be put back; none has been seen.
 */
function UnheardAnswers({ store }: { store: FormStore }) {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useLayoutEffect(() => store.subscribeUnheard(rerender), [store]);
  return null;
}

/** Gives the question components their store and environment. */
export function FormProvider(props: {
  store: FormStore;
  environment: FormEnvironment;
  children: ReactNode;
}) {
  return (
    <StoreContext.Provider value={props.store}>
      <EnvironmentContext.Provider value={props.environment}>
        <UnheardAnswers store={props.store} />
        {props.children}
      </EnvironmentContext.Provider>
    </StoreContext.Provider>
  );
}

export function useFormStore(): FormStore {
  const store = useContext(StoreContext);
  if (!store) throw new BadConfigurationError('useFormStore must be used inside a FormProvider.');
  return store;
}

export function useFormEnvironment(): FormEnvironment {
  return useContext(EnvironmentContext);
}

/** One answer ('' when unanswered); re-renders only when that answer changes. */
export function useAnswer(key: string): string {
  const store = useFormStore();
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeTopics([answerTopic(key)], listener),
    [store, key],
  );
  const read = () => store.getState().answers[key] ?? '';
  return useSyncExternalStore(subscribe, read, read);
}
