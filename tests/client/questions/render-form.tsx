import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import type { FormState, PageDefinition, Question } from '../../../src/engine/definitions';
import type { CompiledValidator } from '../../../src/engine/validation';
import { createQueryClient } from '../../../src/client/api/query-client';
import { ToastProvider } from '../../../src/client/components/toast-provider';
import { FormProvider, type FormEnvironment } from '../../../src/client/form/form-context';
import { createFormStore } from '../../../src/client/form/form-store';
import { PageRenderer } from '../../../src/client/renderer/page-renderer';

// Queries settle asynchronously; on a busy machine that can take more than the default second.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A one-section page holding the given questions. */
export function pageOf(questions: Question[], id = 'test'): PageDefinition {
  return {
    id,
    title: 'Test page',
    step: 1,
    route: `/${id}`,
    errorSummary: [],
    sections: [{ id: 'main', title: 'Main section', questions }],
  };
}

export interface RenderFormOptions {
  initial?: Partial<FormState>;
  /** What the server holds at the start (the store's saved snapshot). */
  saved?: FormState['answers'];
  environment?: Partial<FormEnvironment>;
  validatorOf?: (pageId: string) => CompiledValidator | undefined;
  /** Passed to userEvent.setup, e.g. advanceTimers for fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
  /** Extra content rendered beside the page inside the providers. */
  children?: ReactNode;
}

/** Renders a page definition with the store, environment, query client and toasts around it. */
export function renderForm(page: PageDefinition, options: RenderFormOptions = {}) {
  const store = createFormStore({
    page,
    initial: options.initial,
    saved: options.saved,
    validatorOf: options.validatorOf ?? (() => undefined),
    now: () => new Date('2025-01-15T12:00:00Z'),
  });
  const environment: FormEnvironment = {
    status: null,
    loggedIn: false,
    ...options.environment,
  };
  const queryClient = createQueryClient(() => {});
  const user = userEvent.setup(options.userOptions);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <FormProvider store={store} environment={environment}>
          <PageRenderer page={page} />
          {options.children}
        </FormProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, store, user, queryClient };
}

export type FetchHandler = (url: string, init: RequestInit) => unknown;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces fetch; the handler returns a Response, or a body to send as JSON with status 200. */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const result = await handler(String(input), init);
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs fetch was called with. */
export const calledUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url));

/** The parsed JSON body of one fetch call. */
export const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));
