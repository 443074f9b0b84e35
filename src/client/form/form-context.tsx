import {
  createContext,
  useCallback,
  useContext,
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

/** Gives the question components their store and environment. */
export function FormProvider(props: {
  store: FormStore;
  environment: FormEnvironment;
  children: ReactNode;
}) {
  return (
    <StoreContext.Provider value={props.store}>
      <EnvironmentContext.Provider value={props.environment}>
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
