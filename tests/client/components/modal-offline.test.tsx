// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../src/client/components/modal';

// The dialog's chunk cannot be fetched (offline at the first opening).
vi.mock('../../../src/client/components/modal-dialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a modal whose code cannot be fetched', () => {
  it('shows its title, text and Close in the page instead of taking the page down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onDismiss = vi.fn();
    render(
      <main>
        <h1>Page</h1>
        <Modal isOpen title="Help" onDismiss={onDismiss}>
          <p>Call us.</p>
        </Modal>
      </main>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Help' });
    expect(dialog).toHaveTextContent('Call us.');
    expect(screen.getByRole('heading', { level: 1, name: 'Page' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
