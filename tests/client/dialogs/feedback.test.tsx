// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ServerError } from '../../../src/client/api/errors';
import { toastSwipeThreshold, useToast } from '../../../src/client/components/toast-context';
import { ToastProvider } from '../../../src/client/components/toast-provider';
import { AreaErrorBoundary } from '../../../src/client/layout/area-error-boundary';
import { UnexpectedErrorDialog } from '../../../src/client/dialogs/unexpected-error-dialog';
import { quietConsole } from '../session/session-fixtures';

function ShowToast({ kind }: { kind: 'success' | 'error' }) {
  const toast = useToast();
  useEffect(() => {
    toast.show({ kind, message: `A ${kind} message` });
  }, [toast, kind]);
  return <button type="button">Somewhere else</button>;
}

const swipe = (element: Element, distance: number) => {
  fireEvent.pointerDown(element, { clientX: 100, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
};

describe('toasts (SPEC §9)', () => {
  it('a success toast swiped 50 px or more is dismissed; less springs back', async () => {
    expect(toastSwipeThreshold).toBe(50);
    render(
      <ToastProvider>
        <ShowToast kind="success" />
      </ToastProvider>,
    );
    const toast = (await screen.findByText('A success message')).closest('.toast') as Element;
    swipe(toast, 49);
    expect(screen.getByText('A success message')).toBeInTheDocument();
    swipe(toast, -50);
    expect(screen.queryByText('A success message')).not.toBeInTheDocument();
  });

  it('an error toast is not swiped away', async () => {
    render(
      <ToastProvider>
        <ShowToast kind="error" />
      </ToastProvider>,
    );
    const toast = (await screen.findByText('A error message')).closest('.toast') as Element;
    swipe(toast, 120);
    expect(toast.isConnected).toBe(true);
  });

  it('F8 moves focus to the notifications region', async () => {
    render(
      <ToastProvider>
        <ShowToast kind="success" />
      </ToastProvider>,
    );
    await screen.findByText('A success message');
    screen.getByRole('button', { name: 'Somewhere else' }).focus();
    await userEvent.setup().keyboard('{F8}');
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.contains(document.activeElement)).toBe(true);
  });
});

describe('the Unexpected Error modal (SPEC §8)', () => {
  it('opens for an unhandled rejection, logs it and closes', async () => {
    const consoleError = quietConsole();
    try {
      render(<UnexpectedErrorDialog />);
      const reason = new ServerError('The lookup service is down.', { status: 502 });
      act(() => {
        const event = new Event('unhandledrejection') as PromiseRejectionEvent;
        Object.defineProperty(event, 'reason', { value: reason });
        window.dispatchEvent(event);
      });
      const dialog = await screen.findByRole('dialog', { name: 'Unexpected Error' });
      expect(dialog).toHaveTextContent('The lookup service is down.');
      expect(consoleError).toHaveBeenCalledWith(reason);
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog', { name: 'Unexpected Error' })).not.toBeInTheDocument();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('shows the generic message for an uncaught exception', async () => {
    const consoleError = quietConsole();
    try {
      render(<UnexpectedErrorDialog />);
      act(() => {
        window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined') }));
      });
      const dialog = await screen.findByRole('dialog', { name: 'Unexpected Error' });
      expect(dialog).toHaveTextContent(
        "We've encountered an unexpected error at this time. Please try again later.",
      );
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('error boundaries per area (SPEC §8)', () => {
  function Broken(): never {
    throw new Error('render failed');
  }

  it('a failing page shows the fallback; a failing piece of chrome disappears', () => {
    const consoleError = quietConsole();
    try {
      render(
        <>
          <AreaErrorBoundary area="chrome">
            <Broken />
          </AreaErrorBoundary>
          <p>The chrome that still works</p>
          <AreaErrorBoundary area="content">
            <Broken />
          </AreaErrorBoundary>
        </>,
      );
      expect(screen.getByText('The chrome that still works')).toBeInTheDocument();
      const fallback = screen.getByRole('alert');
      expect(
        within(fallback).getByRole('heading', { name: 'Something went wrong.' }),
      ).toBeInTheDocument();
      expect(fallback).toHaveTextContent(
        'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.',
      );
      expect(consoleError).toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});
