import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { Profile } from '../../../src/client/api/use-profile';
import { createQueryClient } from '../../../src/client/api/query-client';
import { ToastProvider } from '../../../src/client/components/toast-provider';
import { AppRouterView, createAppRouter } from '../../../src/client/routing/app-router';
import { memoryHistory } from '../../../src/client/routing/memory-history';
import { jsonResponse, mockFetch } from '../render-app';
import { requiredAnswers } from '../../fixtures/answers/required';

// The first test of a file loads the lazy page modules, which takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

/** The text input of an answer key (labels like "First Name" repeat, e.g. for parents). */
export function inputOf(key: string): HTMLInputElement {
  const container = document.getElementById(key);
  if (!container) throw new Error(`No field ${key} on screen.`);
  return within(container).getByRole('textbox') as HTMLInputElement;
}

/** Waits for a form page by its heading. */
export const findPage = (name: string) => screen.findByRole('heading', { level: 1, name });

/** Answers that pass every page's validation. */
export const completeAnswers: Record<string, string> = { ...requiredAnswers };

export function profileOf(overrides: Partial<Profile> = {}): Profile {
  return {
    answer: {},
    document_answer: {},
    username: 'ada@example.edu',
    language: 'en',
    last_page: '',
    successful_login: ['2025-01-01T00:00:00Z'],
    web_status: [{ web_status: 'started' }],
    ...overrides,
  };
}

export const statuses = (...names: string[]) => names.map((web_status) => ({ web_status }));

/** Marks the browser as logged in (the identity marker cookie). */
export function logIn() {
  document.cookie = 'admissions_identity.marker=1';
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Route = (call: Call) => Response | Promise<Response> | undefined;

/** GET /api/pdf of an applicant whose PDF copy is ready. */
const pdfReady = { status: 'COMPLETED', url: '/api/pdf/file', message: 'Ready.' };

/**
 * A fake server: `routes` answers "METHOD /path" (the path without its query), anything else gets
 * `{message: 'Saved.'}`. Returns the calls made, in order, with their parsed bodies. The PDF
 * button's polling of GET /api/pdf (answered `pdfReady` unless a route says otherwise) is kept
 * apart, in `pdfCalls`, so `calls` holds what the session itself does.
 */
export function fakeServer(
  routes: Record<string, Response | ((call: Call) => Response | Promise<Response>)> = {},
  fallback?: Route,
) {
  const calls: Call[] = [];
  const pdfCalls: Call[] = [];
  const fetchMock = mockFetch((path, init) => {
    const method = init.method ?? 'GET';
    const call: Call = {
      method,
      path,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    const polling = method === 'GET' && path === '/api/pdf';
    (polling ? pdfCalls : calls).push(call);
    if (polling && !routes['GET /api/pdf']) return jsonResponse(pdfReady);
    const route = routes[`${method} ${path.split('?')[0]}`] ?? routes[`${method} ${path}`];
    if (route) return typeof route === 'function' ? route(call) : route.clone();
    return fallback?.(call) ?? jsonResponse({ message: 'Saved.' });
  });
  const called = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path.split('?')[0] === path);
  return { calls, pdfCalls, fetchMock, called };
}

/** The answer to GET /api/profile. */
export const profileRoute = (profile: Profile) => ({ 'GET /api/profile': jsonResponse(profile) });

/** A component alone, with the providers it needs (query client, toasts, a memory router). */
export function renderWithProviders(ui: ReactNode, path = '/about') {
  const queryClient = createQueryClient(() => {});
  const router = createAppRouter(memoryHistory([path]));
  const routes = [
    { path: '*', element: ui },
    { path: '/login', element: <h1>Log In</h1> },
  ];
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AppRouterView router={router} routes={routes} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}

/** Silences console.error for a test that expects errors to be logged. */
export function quietConsole() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}
