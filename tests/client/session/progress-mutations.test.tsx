// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../src/client/api/query-client';
import { profileQueryKey, type Profile } from '../../../src/client/api/use-profile';
import {
  statusesThrough,
  useLastPageMutation,
  useWebStatusMutation,
} from '../../../src/client/session/progress-mutations';
import { jsonResponse, mockFetch } from '../render-app';
import { profileOf, statuses } from './session-fixtures';

/** A fetch that answers only when `answer` is called, with that response for every call. */
function heldServer() {
  let answer: (response: Response) => void = () => {};
  const held = new Promise<Response>((resolve) => (answer = resolve));
  const fetchMock = mockFetch(() => held.then((response) => response.clone()));
  return { fetchMock, answer };
}

function renderWithProfile<T>(hook: () => T, profile: Profile | undefined) {
  const queryClient = createQueryClient(() => {});
  if (profile) queryClient.setQueryData(profileQueryKey, profile);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const cached = () => queryClient.getQueryData<Profile>(profileQueryKey);
  return { ...renderHook(hook, { wrapper }), cached };
}

describe('progress in the cached profile (SPEC §4)', () => {
  it('lists the statuses a status stands for', () => {
    expect(statusesThrough('started')).toEqual(statuses('started'));
    expect(statusesThrough('validating')).toEqual(statuses('started', 'validating'));
    expect(statusesThrough('submitted')).toEqual(statuses('started', 'validating', 'submitted'));
  });

  it('a posted status shows before the server answers, and stays once it has', async () => {
    const { answer } = heldServer();
    const { result, cached } = renderWithProfile(
      useWebStatusMutation,
      profileOf({ web_status: statuses('started') }),
    );
    act(() => result.current.mutate('validating'));
    await waitFor(() => expect(cached()?.web_status).toEqual(statuses('started', 'validating')));
    answer(jsonResponse({ message: 'Saved.' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(cached()?.web_status).toEqual(statuses('started', 'validating'));
  });

  it('a status the server refuses, after its retries, stays set locally (SPEC §4)', async () => {
    const { answer, fetchMock } = heldServer();
    const { result, cached } = renderWithProfile(
      useWebStatusMutation,
      profileOf({ web_status: [] }),
    );
    act(() => result.current.mutate('started'));
    await waitFor(() => expect(cached()?.web_status).toEqual(statuses('started')));
    answer(jsonResponse({ message: 'Busy.' }, 503));
    await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 8000 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(cached()?.web_status).toEqual(statuses('started'));
  }, 15000);

  it('a last page the server refuses stays recorded locally', async () => {
    const { answer } = heldServer();
    const { result, cached } = renderWithProfile(
      useLastPageMutation,
      profileOf({ last_page: '/about' }),
    );
    act(() => result.current.mutate('/education'));
    await waitFor(() => expect(cached()?.last_page).toBe('/education'));
    answer(jsonResponse({ message: 'Failed.' }, 500));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(cached()?.last_page).toBe('/education');
  });

  it('writes no profile where there is none (a visitor)', async () => {
    const { answer } = heldServer();
    const { result, cached } = renderWithProfile(useLastPageMutation, undefined);
    act(() => result.current.mutate('/education'));
    answer(jsonResponse({ message: 'Saved.' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(cached()).toBeUndefined();
  });
});
