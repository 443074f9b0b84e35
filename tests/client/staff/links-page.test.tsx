// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { adaRow, admin, applicationList, postsOf, staffServer } from './staff-fakes';

afterEach(() => {
  vi.restoreAllMocks();
});

function linksServer() {
  const links = [
    {
      id: 'link-1',
      accountId: 'acc-ada',
      email: 'ada@example.edu',
      createdBy: 'staff:registrar@example.edu',
      createdAt: '2026-11-20T10:00:00Z',
      expiresAt: '2999-11-27T10:00:00Z',
      revokedAt: null as string | null,
    },
  ];
  const server = staffServer({
    'GET /api/staff/me': jsonResponse(admin),
    'GET /api/staff/links': () => jsonResponse({ links }),
    'GET /api/staff/applications': (call) =>
      jsonResponse(applicationList(call.url.includes('ada%40') ? [adaRow] : [])),
    'POST /api/staff/links': () => {
      links.unshift({ ...links[0]!, id: 'link-2', createdAt: '2026-11-21T08:00:00Z' });
      return jsonResponse(
        {
          id: 'link-2',
          url: 'http://127.0.0.1/about?service_token=abc',
          expiresAt: '2999-11-28T10:00:00Z',
        },
        201,
      );
    },
    'POST /api/staff/links/link-2/revoke': () => {
      links[0]!.revokedAt = '2026-11-21T09:00:00Z';
      return jsonResponse({ id: 'link-2', revokedAt: links[0]!.revokedAt });
    },
  });
  return server;
}

describe('links', () => {
  it('issues a link whole in a box with Copy, and takes the focus to it', async () => {
    const { calls } = linksServer();
    const { user } = renderApp('/staff/links?email=ada%40example.edu');
    // user-event puts a clipboard of its own in place when it is set up.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await screen.findByRole('heading', { level: 1, name: 'Staff links' });
    expect(screen.getByLabelText('Expires after (days)')).toHaveValue('7');
    await user.click(screen.getByRole('button', { name: 'Issue link' }));
    const box = await screen.findByLabelText('Link');
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveValue('http://127.0.0.1/about?service_token=abc');
    await waitFor(() => expect(box.closest('.staff-issued')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://127.0.0.1/about?service_token=abc');
    expect(await screen.findByText('Copied to the clipboard.')).toBeVisible();
    expect(postsOf(calls)).toEqual([
      ['POST', '/api/staff/links', { accountId: 'acc-ada', days: 7 }],
    ]);
  });

  it('selects the link for Ctrl+C where the clipboard cannot be written', async () => {
    linksServer();
    const { user } = renderApp('/staff/links?email=ada%40example.edu');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(await screen.findByRole('button', { name: 'Issue link' }));
    const box = await screen.findByLabelText<HTMLTextAreaElement>('Link');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/The link is selected/)).toBeVisible();
    expect(box).toHaveFocus();
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, box.value.length]);
  });

  it('revokes only once confirmed, says so in a focused status, and drops the copy panel', async () => {
    const { calls } = linksServer();
    const { user } = renderApp('/staff/links?email=ada%40example.edu');
    await user.click(await screen.findByRole('button', { name: 'Issue link' }));
    await screen.findByLabelText('Link');
    const table = screen.getByRole('table', { name: 'Links issued, newest first' });
    const revoke = await within(table).findAllByRole('button', {
      name: 'Revoke the link for ada@example.edu',
    });
    await user.click(revoke[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    // Cancel first: nothing is sent.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(postsOf(calls)).toHaveLength(1);

    await user.click(revoke[0]!);
    const again = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    const confirm = within(again).getByRole('button', { name: 'Revoke the link' });
    expect(confirm).toHaveClass('button--danger');
    await user.click(confirm);
    const status = await screen.findByText(/The link for ada@example.edu was revoked/);
    await waitFor(() => expect(status.closest('[role="status"]')).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    // The panel no longer offers the link just revoked.
    expect(screen.queryByLabelText('Link')).toBeNull();
    expect(await within(table).findByText('Revoked Nov 21, 2026, 9:00 AM UTC')).toBeVisible();
    expect(postsOf(calls).at(-1)).toEqual(['POST', '/api/staff/links/link-2/revoke', {}]);
  });

  it('says what is wrong with an empty address or days out of range, and clears old messages', async () => {
    const { calls } = linksServer();
    const { user } = renderApp('/staff/links');
    const email = await screen.findByLabelText("Applicant's e-mail address");
    await user.type(email, 'nobody@example.edu');
    await user.click(screen.getByRole('button', { name: 'Issue link' }));
    expect(await screen.findByText('No applicant has this e-mail address.')).toBeVisible();

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Issue link' }));
    expect(screen.queryByText('No applicant has this e-mail address.')).toBeNull();
    expect(screen.getByText('Enter an e-mail address.')).toBeVisible();
    expect(email).toHaveFocus();

    await user.type(email, 'ada@example.edu');
    const days = screen.getByLabelText('Expires after (days)');
    for (const bad of ['', '91', '0', '2.5']) {
      await user.clear(days);
      if (bad) await user.type(days, bad);
      await user.click(screen.getByRole('button', { name: 'Issue link' }));
      expect(screen.getByText('Enter a whole number of days from 1 to 90.')).toBeVisible();
      expect(days).toHaveAttribute('aria-invalid', 'true');
    }
    expect(postsOf(calls)).toEqual([]);
  });
});
