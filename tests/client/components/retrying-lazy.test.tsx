// @vitest-environment jsdom
/**
 * A lazily loaded component whose failed load is not kept (components/retrying-lazy.ts): after a
 * failure, the next mount fetches its code again, where React.lazy would fail for good.
 */
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LoadBoundary } from '../../../src/client/components/load-boundary';
import { retryingLazy } from '../../../src/client/components/retrying-lazy';
import '../render-app';

describe('retryingLazy', () => {
  it('loads again on the next mount after a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<() => string>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValue(() => 'loaded');
    const lazyPart = retryingLazy(load);
    const mount = (attempt: number) => (
      <LoadBoundary key={attempt} fallback={<p>failed</p>}>
        <Suspense fallback={<p>loading</p>}>
          <lazyPart.component />
        </Suspense>
      </LoadBoundary>
    );
    const { rerender } = render(mount(1));
    expect(await screen.findByText('failed')).toBeInTheDocument();

    rerender(mount(2));
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
