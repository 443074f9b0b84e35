// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { admin, postsOf, staffServer } from './staff-fakes';

function membersServer() {
  const members = [
    {
      id: 's1',
      email: 'registrar@example.edu',
      role: 'admin',
      createdAt: '2026-11-01T09:00:00Z',
      totp: true,
    },
    {
      id: 's2',
      email: 'old@example.edu',
      role: 'reader',
      createdAt: '2026-11-02T09:00:00Z',
      totp: false,
    },
  ];
  const server = staffServer({
    'GET /api/staff/me': jsonResponse(admin),
    'GET /api/staff/members': () => jsonResponse({ members }),
    'POST /api/staff/members': jsonResponse(
      { id: 's3', email: 'new@example.edu', role: 'reader', temporaryPassword: 'Tmp-Pass-7781!' },
      201,
    ),
    'DELETE /api/staff/members/s2': () => {
      members.splice(1, 1);
      return new Response(null, { status: 204 });
    },
    'PUT /api/staff/members/s2/role': () => {
      members[1]!.role = 'admin';
      return jsonResponse({ id: 's2', email: 'old@example.edu', role: 'admin' });
    },
  });
  return server;
}

const table = () => screen.getByRole('table', { name: 'Staff members' });

describe('staff members', () => {
  it('adds a member, with the temporary password in a message that takes the focus', async () => {
    const { calls } = membersServer();
    const { user } = renderApp('/staff/members');
    await screen.findByRole('table', { name: 'Staff members' });
    // Nobody removes themselves or changes their own role.
    expect(
      within(table())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Make administrator: old@example.edu', 'Remove old@example.edu']);
    await user.type(screen.getByLabelText('E-mail address'), 'new@example.edu');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const password = await screen.findByText('Tmp-Pass-7781!');
    await waitFor(() => expect(password.closest('[role="status"]')).toHaveFocus());
    expect(postsOf(calls)).toEqual([
      ['POST', '/api/staff/members', { email: 'new@example.edu', role: 'reader' }],
    ]);
  });

  it('says an empty address in its own words, without asking the server', async () => {
    const { calls } = membersServer();
    const { user } = renderApp('/staff/members');
    await screen.findByRole('table', { name: 'Staff members' });
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(screen.getByText('Enter an e-mail address.')).toBeVisible();
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
    expect(postsOf(calls)).toEqual([]);
  });

  it('removes a member only once confirmed, and announces it with the focus on the message', async () => {
    const { calls } = membersServer();
    const { user } = renderApp('/staff/members');
    await screen.findByRole('table', { name: 'Staff members' });
    await user.click(within(table()).getByRole('button', { name: 'Remove old@example.edu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove old@example.edu?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(postsOf(calls)).toEqual([]);

    await user.click(within(table()).getByRole('button', { name: 'Remove old@example.edu' }));
    const again = await screen.findByRole('dialog', { name: 'Remove old@example.edu?' });
    await user.click(within(again).getByRole('button', { name: 'Remove the member' }));
    const said = await screen.findByText('old@example.edu was removed. Their sessions have ended.');
    await waitFor(() => expect(said.closest('[role="status"]')).toHaveFocus());
    await waitFor(() => expect(within(table()).queryByText('old@example.edu')).toBeNull());
    expect(postsOf(calls)).toEqual([['DELETE', '/api/staff/members/s2', {}]]);
  });

  it('changes a role once confirmed', async () => {
    const { calls } = membersServer();
    const { user } = renderApp('/staff/members');
    await screen.findByRole('table', { name: 'Staff members' });
    await user.click(
      within(table()).getByRole('button', { name: 'Make administrator: old@example.edu' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Make old@example.edu administrator?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Change the role' }));
    const said = await screen.findByText('old@example.edu is now administrator.');
    await waitFor(() => expect(said.closest('[role="status"]')).toHaveFocus());
    const row = within(table()).getByText('old@example.edu').closest('tr');
    await waitFor(() => expect(row).toHaveTextContent('Administrator'));
    expect(postsOf(calls)).toEqual([['PUT', '/api/staff/members/s2/role', { role: 'admin' }]]);
  });
});
