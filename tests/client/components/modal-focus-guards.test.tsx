// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../../src/client/components/modal';

describe('the modal’s focus lock', () => {
  it('leaves no positive tabindex in the page (axe: tabindex), while Tab still stays inside', async () => {
    const user = userEvent.setup();
    render(
      <div id="root">
        <button type="button">Behind</button>
        <Modal
          isOpen
          title="Confirm"
          actions={
            <>
              <button type="button">Yes</button>
              <button type="button">No</button>
            </>
          }
        >
          <p>Sure?</p>
        </Modal>
      </div>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    // The lock's guards are there, none of them above 0.
    const guards = [...document.querySelectorAll('[data-focus-guard]')];
    expect(guards.length).toBeGreaterThan(0);
    expect(guards.map((guard) => guard.getAttribute('tabindex'))).not.toContain('1');
    const focusable = [...document.querySelectorAll<HTMLElement>('[tabindex]')];
    expect(focusable.filter((el) => el.tabIndex > 0)).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});
