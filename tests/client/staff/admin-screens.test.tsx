// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { admin, staffServer } from './staff-fakes';
import { labelOf, pageTitle } from '../../helpers/shipped-texts';

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
    // Each PDF opens in a new tab to be read, or downloads under the applicant's name.
    const packet = screen.getByRole('link', { name: 'Open Submission packet in a new tab' });
    expect(packet).toHaveAttribute('href', '/api/staff/applications/acc-ada/packet.pdf');
    expect(packet).toHaveAttribute('target', '_blank');
    expect(
      screen.getByRole('button', {
        name: 'Download Submission packet as Lovelace_Ada_application.pdf',
      }),
    ).toBeEnabled();
    expect(
      screen.getByRole('link', { name: 'Open Document: transcript.pdf in a new tab' }),
    ).toHaveAttribute('href', '/api/staff/applications/acc-ada/documents/transcript_file');
    expect(
      screen.getByRole('button', {
        name: 'Download Document: transcript.pdf as Lovelace_Ada_transcript.pdf',
      }),
    ).toBeEnabled();
    // Labels and values as one definition list; no form version hash.
    const facts = screen.getByText('E-mail').closest('dl');
    expect([...(facts?.querySelectorAll('dt') ?? [])].map((dt) => dt.textContent)).toEqual([
      'E-mail',
      'Status',
      'Submitted',
      'Language',
    ]);
    expect(screen.getByText('Nov 20, 2026, 3:31 PM UTC')).toBeVisible();
    expect(screen.queryByText('2026.1')).toBeNull();
    // The sheets come with the staff view's module, loaded after the console.
    const academics = await screen.findByRole('article', { name: pageTitle('education') });
    expect(
      within(academics).getByRole('link', { name: 'Open the document as a PDF' }),
    ).toHaveAttribute('href', '/api/staff/applications/acc-ada/documents/transcript_file');
    const about = screen.getByRole('article', { name: pageTitle('about') });
    expect(within(about).getByText(labelOf('first_name')).nextElementSibling).toHaveTextContent(
      'Ada',
    );
    expect(
      screen.getByRole('link', { name: 'Issue a staff link for this applicant' }),
    ).toHaveAttribute('href', '/staff/links?email=ada%40example.edu');
  });
});

describe('a validating application', () => {
  it('lists what the applicant must still answer, as the server works it out', async () => {
    staffServer({
      'GET /api/staff/me': jsonResponse(admin),
      'GET /api/staff/applications/acc-grace': jsonResponse({
        email: 'grace@example.edu',
        name: 'Grace Hopper',
        status: 'validating',
        submittedAt: null,
        formsVersion: null,
        view: { answer: { first_name: 'Grace' }, add_another: {}, document_answer: {}, tabs: {} },
      }),
      'GET /api/staff/applications/acc-grace/missing': jsonResponse({
        pages: [
          {
            page: 'about',
            title: 'Page one',
            groups: [{ title: 'Group one', messages: ['Message one.', 'Message two.'] }],
          },
        ],
      }),
    });
    renderApp('/staff/applications/acc-grace');
    const section = await screen.findByRole('region', { name: /^Still to answer/ });
    expect(await within(section).findByText('Group one: Message one. Message two.')).toBeVisible();
    expect(within(section).getByText('Page one')).toBeVisible();
    // Nothing submitted: no packet to open.
    expect(screen.queryByRole('link', { name: /Submission packet/ })).toBeNull();
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
          { page: 'about', key: 'birth_date', label: labelOf('birth_date'), count: 7 },
          { page: 'education', key: 'hs_name', label: labelOf('hs_name'), count: 3 },
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
      [labelOf('birth_date'), '7'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Missed on Your Academics' }))).toEqual([
      [labelOf('hs_name'), '3'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: /Where applicants stop/ }))).toEqual([
      [pageTitle('education'), '8'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: /failed, by reason/ }))).toEqual([
      ['UNSUPPORTED_TYPE', '2'],
    ]);
    // Three days drawn (the day between without submissions is a gap); five funnel bars.
    const figure = (name: string) => screen.getByRole('figure', { name });
    expect(figure('Submissions by day').querySelectorAll('rect')).toHaveLength(3);
    expect(figure('Applicants at each step').querySelectorAll('rect')).toHaveLength(5);
    // The drawing is hidden from assistive technology, which reads the table instead; the
    // table is hidden inside a clipping box (a table alone ignores its width).
    const steps = figure('Applicants at each step');
    expect(steps.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(steps.querySelector('table')?.parentElement).toHaveClass('visually-hidden');
    // Chart titles are headings; a bar's label is whole in its title when cut on screen.
    expect(
      screen.getByRole('heading', { level: 2, name: 'Applicants at each step' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Missed on About You' })).toBeVisible();
    expect(within(figure('Missed on Your Academics')).getByTitle(labelOf('hs_name'))).toBeVisible();
  });
});

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}
