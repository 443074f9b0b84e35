// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { adaRow, admin, applicationList, postsOf, staffServer } from './staff-fakes';

describe('data requests', () => {
  it('shows who will be erased, erases only once the e-mail is typed again, and says so', async () => {
    const { calls } = staffServer({
      'GET /api/staff/me': jsonResponse(admin),
      'GET /api/staff/applications': jsonResponse(applicationList([adaRow])),
      'POST /api/staff/data-requests/erase': jsonResponse({
        erased: { email: 'ada@example.edu', documents: 1, blobs: 2, answers: 20, sessions: 1 },
      }),
    });
    const { user } = renderApp('/staff/data-requests');
    await user.type(await screen.findByLabelText("Applicant's e-mail address"), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Erase the applicant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this applicant' });
    // What will go: name, status, submission and documents, as the list knows them.
    const facts = [...dialog.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(facts).toEqual([
      'Applicant: Ada Lovelace',
      'E-mail: ada@example.edu',
      'Status: Submitted',
      'Submitted: Nov 20, 2026, 3:31 PM UTC',
      'Documents: 1',
    ]);
    const erase = within(dialog).getByRole('button', { name: 'Erase for good' });
    expect(erase).toHaveClass('button--danger');
    const confirm = within(dialog).getByLabelText(/Type the applicant's e-mail address again/);
    await user.type(confirm, 'ada@example.com');
    await user.click(erase);
    expect(
      await within(dialog).findByText('The e-mail address you typed does not match.'),
    ).toBeVisible();
    expect(postsOf(calls)).toEqual([]);

    await user.clear(confirm);
    await user.type(confirm, 'ada@example.edu');
    await user.click(erase);
    const said = await screen.findByText(
      /ada@example.edu has been erased: 20 answers, 1 documents/,
    );
    await waitFor(() => expect(said.closest('[role="status"]')).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(postsOf(calls)).toEqual([
      [
        'POST',
        '/api/staff/data-requests/erase',
        { email: 'ada@example.edu', confirm: 'ada@example.edu' },
      ],
    ]);
  });

  it('reports an unknown address at once, before any dialog', async () => {
    staffServer({
      'GET /api/staff/me': jsonResponse(admin),
      'GET /api/staff/applications': jsonResponse(applicationList([])),
    });
    const { user } = renderApp('/staff/data-requests');
    await user.type(await screen.findByLabelText("Applicant's e-mail address"), 'who@example.edu');
    await user.click(screen.getByRole('button', { name: 'Erase the applicant' }));
    expect(await screen.findByText('No applicant has this e-mail address.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
