// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../src/client/components/toast-provider';
import { useToast } from '../../../src/client/components/toast-context';

// A toast's code is fetched after the first load; here it cannot be (offline, as when a save
// fails for want of a network).
vi.mock('../../../src/client/components/toast-item', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

function SaveButton() {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() =>
        toast.show({
          kind: 'error',
          title: 'Save Error',
          message: 'No network.',
          details: ['Try again once online.'],
        })
      }
    >
      Save
    </button>
  );
}

describe('a toast whose code cannot be fetched', () => {
  it('still announces its title and message, and closes with its Close button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Save Error');
    expect(alert).toHaveTextContent('No network.');
    expect(alert).toHaveTextContent('Try again once online.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
