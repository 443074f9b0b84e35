// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/client/components/confirm-dialog';

function renderDialog(busy = false, danger?: boolean) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  const view = render(
    <ConfirmDialog
      isOpen
      title="Remove it?"
      confirmLabel="Remove"
      cancelLabel="Keep it"
      busy={busy}
      danger={danger}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>It goes for good.</p>
    </ConfirmDialog>,
  );
  return { ...view, onCancel, onConfirm };
}

describe('the confirmation dialog shared by the file deletions', () => {
  it('focuses the button that keeps things, so Enter never destroys', async () => {
    const user = userEvent.setup();
    const { onCancel, onConfirm } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Remove it?' });
    expect(dialog).toHaveTextContent('It goes for good.');
    const keep = screen.getByRole('button', { name: 'Keep it' });
    await waitFor(() => expect(keep).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('waits while the confirmed work is under way: both buttons off, Escape ignored', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderDialog(true);
    await screen.findByRole('dialog');
    const keep = screen.getByRole('button', { name: 'Keep it' });
    const remove = screen.getByRole('button', { name: 'Remove' });
    expect(keep).toBeDisabled();
    expect(keep).not.toHaveAttribute('aria-busy');
    expect(remove).toBeDisabled();
    expect(remove).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('draws the button that goes ahead red unless it destroys nothing', async () => {
    const { unmount } = renderDialog();
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveClass('button--danger');
    unmount();
    renderDialog(false, false);
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveClass('button--primary');
    expect(screen.getByRole('button', { name: 'Remove' })).not.toHaveClass('button--danger');
  });
});
