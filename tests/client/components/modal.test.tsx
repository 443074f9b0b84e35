// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../../src/client/components/modal';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <div id="root">
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal isOpen={open} title="Notice" onDismiss={() => setOpen(false)}>
        <p>Body text</p>
      </Modal>
    </div>
  );
}

describe('the modal, whose dialog code loads on demand', () => {
  it('opens before its code has loaded, takes focus, makes the page inert, and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    // Nothing yet in this turn: the code is still on its way.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.getElementById('root')).toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.getElementById('root')).not.toHaveAttribute('inert');
    await waitFor(() => expect(opener).toHaveFocus());

    // Loaded now: the next opening renders in the same turn as the click.
    await act(() => user.click(opener));
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeInTheDocument();
  });
});
