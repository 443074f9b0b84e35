// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { adaRow, admin, applicationList, staffServer } from './staff-fakes';

const postsOf = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);

describe('one application', () => {
  it('shows the staff view’s sheets with the packet and each document from the staff API', async () => {
    staffServer({
      'GET /api/staff/me': jsonResponse(admin),
      'GET /api/staff/applications/acc-ada': jsonResponse({
        email: 'ada@example.edu',
        name: 'Ada Lovelace',
        status: 'submitted',
        submittedAt: '2026-11-20T15:31:00Z',
        formsVersion: '2026.1',
        view: {
          answer: { first_name: 'Ada', last_name: 'Lovelace', transcript_file: 'ANSWERED' },
          add_another: {},
          document_answer: { transcript_file: { file_name: 'transcript.pdf', file_size: 52_000 } },
          tabs: { transcript: 'upload' },
        },
      }),
    });
    renderApp('/staff/applications/acc-ada');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getByRole('link', { name: 'Submission packet (PDF)' })).toHaveAttribute(
      'href',
      '/api/staff/applications/acc-ada/packet.pdf',
    );
    expect(screen.getByRole('link', { name: 'Document: transcript.pdf (PDF)' })).toHaveAttribute(
      'href',
      '/api/staff/applications/acc-ada/documents/transcript_file',
    );
    // The sheets come with the staff view's module, loaded after the console.
    const academics = await screen.findByRole('article', { name: 'Your Academics' });
    expect(
      within(academics).getByRole('link', { name: 'Open the document as a PDF' }),
    ).toHaveAttribute('href', '/api/staff/applications/acc-ada/documents/transcript_file');
    const about = screen.getByRole('article', { name: 'About You' });
    expect(within(about).getByText('First Name').nextElementSibling).toHaveTextContent('Ada');
    expect(
      screen.getByRole('link', { name: 'Issue a staff link for this applicant' }),
    ).toHaveAttribute('href', '/staff/links?email=ada%40example.edu');
  });
});

describe('analytics', () => {
  it('draws each figure as a chart and gives the same figures as a table', async () => {
    staffServer({
      'GET /api/staff/me': jsonResponse(admin),
      'GET /api/staff/analytics': jsonResponse({
        funnel: { accounts: 40, confirmed: 30, started: 20, validating: 12, submitted: 10 },
        submissionsByDay: [
          { day: '2026-11-18', count: 4 },
          { day: '2026-11-20', count: 6 },
        ],
        missedFields: [
          { page: 'about', key: 'birth_date', label: 'Date of Birth', count: 7 },
          { page: 'education', key: 'hs_name', label: 'Search for Your School', count: 3 },
        ],
        stoppedAt: [{ page: 'education', count: 8 }],
        failedConversions: [{ reason: 'UNSUPPORTED_TYPE', count: 2 }],
      }),
    });
    renderApp('/staff/analytics');
    const funnel = await screen.findByRole('table', { name: 'Applicants at each step' });
    expect(rowsOf(funnel)).toEqual([
      ['Accounts', '40 (100%)'],
      ['Confirmed', '30 (75%)'],
      ['Started', '20 (50%)'],
      ['Validating', '12 (30%)'],
      ['Submitted', '10 (25%)'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Submissions by day' }))).toEqual([
      ['Nov 18, 2026', '4'],
      ['Nov 20, 2026', '6'],
    ]);
    // Page titles come with the staff view's module, loaded after the console.
    expect(rowsOf(await screen.findByRole('table', { name: 'Missed on About You' }))).toEqual([
      ['Date of Birth', '7'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Missed on Your Academics' }))).toEqual([
      ['Search for Your School', '3'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: /Where applicants stop/ }))).toEqual([
      ['Your Academics', '8'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: /failed, by reason/ }))).toEqual([
      ['UNSUPPORTED_TYPE', '2'],
    ]);
    // Three days drawn (the day between without submissions is a gap); five funnel bars.
    const figure = (name: string) => screen.getByRole('figure', { name });
    expect(figure('Submissions by day').querySelectorAll('rect')).toHaveLength(3);
    expect(figure('Applicants at each step').querySelectorAll('rect')).toHaveLength(5);
    expect(figure('Applicants at each step').querySelector('svg')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });
});

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('links', () => {
  it('issues a link for an applicant found by e-mail (7 days unless changed) and revokes one', async () => {
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
    const { calls } = staffServer({
      'GET /api/staff/me': jsonResponse(admin),
      'GET /api/staff/links': () => jsonResponse({ links }),
      'GET /api/staff/applications': jsonResponse(applicationList([adaRow])),
      'POST /api/staff/links': jsonResponse(
        {
          id: 'link-2',
          url: 'http://127.0.0.1/about?service_token=abc',
          expiresAt: '2026-11-27T10:00:00Z',
        },
        201,
      ),
      'POST /api/staff/links/link-1/revoke': () => {
        links[0]!.revokedAt = '2026-11-21T09:00:00Z';
        return jsonResponse({ id: 'link-1', revokedAt: links[0]!.revokedAt });
      },
    });
    const { user } = renderApp('/staff/links?email=ada%40example.edu');
    await screen.findByRole('heading', { level: 1, name: 'Staff links' });
    expect(screen.getByLabelText('Expires after (days)')).toHaveValue(7);
    await user.click(screen.getByRole('button', { name: 'Issue link' }));
    expect(await screen.findByLabelText('Link')).toHaveValue(
      'http://127.0.0.1/about?service_token=abc',
    );

    const table = screen.getByRole('table', { name: 'Links issued, newest first' });
    await user.click(
      within(table).getByRole('button', { name: 'Revoke the link for ada@example.edu' }),
    );
    expect(await within(table).findByText('Revoked Nov 21, 2026, 9:00 AM')).toBeInTheDocument();
    expect(postsOf(calls)).toEqual([
      ['POST', '/api/staff/links', { accountId: 'acc-ada', days: 7 }],
      ['POST', '/api/staff/links/link-1/revoke', {}],
    ]);
  });
});

describe('data requests', () => {
  it('erases an applicant only once the e-mail is typed again', async () => {
    const { calls } = staffServer({
      'GET /api/staff/me': jsonResponse(admin),
      'POST /api/staff/data-requests/erase': jsonResponse({
        erased: { email: 'ada@example.edu', documents: 1, blobs: 2, answers: 20, sessions: 1 },
      }),
    });
    const { user } = renderApp('/staff/data-requests');
    await user.type(await screen.findByLabelText("Applicant's e-mail address"), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Erase the applicant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this applicant' });
    const confirm = within(dialog).getByLabelText(/Type the applicant's e-mail address again/);
    await user.type(confirm, 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(
      await within(dialog).findByText('The e-mail address you typed does not match.'),
    ).toBeVisible();
    expect(postsOf(calls)).toEqual([]);

    await user.clear(confirm);
    await user.type(confirm, 'ada@example.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(
      await screen.findByText(/ada@example.edu has been erased: 20 answers, 1 documents/),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(postsOf(calls)).toEqual([
      [
        'POST',
        '/api/staff/data-requests/erase',
        { email: 'ada@example.edu', confirm: 'ada@example.edu' },
      ],
    ]);
  });
});

describe('staff members', () => {
  it('adds a member and shows the temporary password once, and removes another', async () => {
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
    const { calls } = staffServer({
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
    });
    const { user } = renderApp('/staff/members');
    const table = await screen.findByRole('table', { name: 'Staff members' });
    // Nobody removes themselves.
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove old@example.edu']);
    await user.type(screen.getByLabelText('E-mail address'), 'new@example.edu');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('Tmp-Pass-7781!')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Remove old@example.edu' }));
    await screen.findByRole('table', { name: 'Staff members' });
    await within(screen.getByRole('table', { name: 'Staff members' })).findByText(
      'registrar@example.edu',
    );
    expect(await screen.findAllByRole('row')).toHaveLength(2);
    expect(postsOf(calls)).toEqual([
      ['POST', '/api/staff/members', { email: 'new@example.edu', role: 'reader' }],
      ['DELETE', '/api/staff/members/s2', {}],
    ]);
  });
});
