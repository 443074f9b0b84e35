import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/client/api/query-client';
import { ServerError, UnauthorizedError } from '../../../src/client/api/errors';
import {
  createStaffQueryClient,
  memberQueryKey,
} from '../../../src/client/staff/staff-query-client';

const unauthorized = () => new UnauthorizedError('Your session has ended.', { status: 401 });
const serverError = () => new ServerError('Try again later.', { status: 500 });

/** Runs one failing query through the client and says what its options make of the failure. */
async function failOnce(client: QueryClient, error: Error) {
  const observer = new QueryObserver(client, {
    queryKey: ['failing', error.name],
    queryFn: () => Promise.reject(error),
  });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
  unsubscribe();
  const { throwOnError, refetchOnMount, retry } = client.getDefaultOptions().queries ?? {};
  const query = client.getQueryCache().find({ queryKey: ['failing', error.name] })!;
  const throws = typeof throwOnError === 'function' ? throwOnError(error, query) : throwOnError;
  return { throws, refetchOnMount, retry };
}

describe('one query-client factory for the applicant and the staff console', () => {
  it('sends an applicant 401 to its handler and any other failure to the error boundary', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient(onUnauthorized);
    expect(await failOnce(client, serverError())).toEqual({
      throws: true,
      refetchOnMount: false,
      retry: false,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    const denied = unauthorized();
    expect((await failOnce(client, denied)).throws).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledWith(denied, client);
  });

  it('keeps a console failure in place and says whether a member was signed in at a 401', async () => {
    const onUnauthorized = vi.fn();
    const client = createStaffQueryClient(onUnauthorized);
    expect(await failOnce(client, serverError())).toEqual({
      throws: false,
      refetchOnMount: true,
      retry: false,
    });
    await failOnce(client, unauthorized());
    expect(onUnauthorized).toHaveBeenLastCalledWith(false, client);
    client.setQueryData(memberQueryKey, { email: 'officer@example.edu' });
    client.removeQueries({ queryKey: ['failing'] });
    await failOnce(client, unauthorized());
    expect(onUnauthorized).toHaveBeenLastCalledWith(true, client);
  });

  it('retries no mutation on either side', () => {
    for (const client of [createQueryClient(() => {}), createStaffQueryClient(() => {})])
      expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });
});
