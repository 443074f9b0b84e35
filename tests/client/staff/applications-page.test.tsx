// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { adaRow, alanRow, applicationList, reader, staffServer } from './staff-fakes';
import { pageTitle } from '../../helpers/shipped-texts';

const listCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith('/api/staff/applications')).map((c) => c.url);

describe('the applications list at /staff', () => {
  it('shows the counts and a row per application, as the server paged them', async () => {
    staffServer({
      'GET /api/staff/me': jsonResponse(reader),
      'GET /api/staff/applications': jsonResponse(
        applicationList([adaRow, alanRow], { total: 60 }),
      ),
    });
    renderApp('/staff');
    const table = await screen.findByRole('table', { name: /^Applications, sorted by/ });
    const counts = screen.getByRole('list', { name: 'Applications by status' });
    expect(
      within(counts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['60All', '10Not started', '20Started', '5Validating', '25Submitted']);
    // The last page is named by its title once the form's pages have loaded.
    await within(table).findByText(pageTitle('final-steps'));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Submitted',
      'Ada Lovelace',
      'ada@example.edu',
      pageTitle('final-steps'),
      'Nov 20, 2026, 3:30 PM UTC',
      'Nov 20, 2026, 3:31 PM UTC',
      '1',
    ]);
    expect(
      within(rows[0] as HTMLElement).getByRole('link', { name: 'Ada Lovelace' }),
    ).toHaveAttribute('href', '/staff/applications/acc-ada');
    expect(screen.getByText('1–25 of 60 · page 1 of 3')).toBeInTheDocument();
  });

  it('sorts, filters, searches and pages through the address, so Back returns to the last view', async () => {
    const { calls } = staffServer({
      'GET /api/staff/me': jsonResponse(reader),
      'GET /api/staff/applications': (call) => {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page') ?? 1);
        return jsonResponse(applicationList([adaRow], { total: 60, page }));
      },
    });
    const { user, app } = renderApp('/staff');
    await screen.findByRole('table');

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: /Last activity/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(within(nameHeader).getByRole('button', { name: /Name/ }));
    await screen.findByRole('table', { name: /sorted by Name ascending/ });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await screen.findByRole('table', { name: /sorted by Name descending/ });

    await user.type(screen.getByLabelText('Name or e-mail'), 'ada');
    await user.selectOptions(screen.getByLabelText('Status'), 'submitted');
    await user.type(screen.getByLabelText('Submitted from'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByText('26–50 of 60 · page 2 of 3');
    expect(app.router.state.location.search).toBe(
      '?status=submitted&submittedFrom=2026-11-01&q=ada&sort=name&page=2',
    );

    await app.router.navigate(-1);
    await screen.findByText('1–25 of 60 · page 1 of 3');
    expect(screen.getByLabelText('Name or e-mail')).toHaveValue('ada');
    expect(listCalls(calls)).toEqual([
      '/api/staff/applications?sort=lastActivity&order=desc&page=1&pageSize=25',
      '/api/staff/applications?sort=name&order=asc&page=1&pageSize=25',
      '/api/staff/applications?sort=name&order=desc&page=1&pageSize=25',
      '/api/staff/applications?status=submitted&submittedFrom=2026-11-01&q=ada&sort=name&order=desc&page=1&pageSize=25',
      '/api/staff/applications?status=submitted&submittedFrom=2026-11-01&q=ada&sort=name&order=desc&page=2&pageSize=25',
    ]);
  });

  it('says a reversed date range in its own words, with the focus on it, and sends nothing', async () => {
    const { calls } = staffServer({
      'GET /api/staff/me': jsonResponse(reader),
      'GET /api/staff/applications': jsonResponse(applicationList([adaRow])),
    });
    const { user } = renderApp('/staff');
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Submitted from'), '2026-11-20');
    await user.type(screen.getByLabelText('Submitted to'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const problem = screen.getByRole('alert');
    expect(problem).toHaveTextContent('The start date must be on or before the end date.');
    expect(problem).toHaveFocus();
    expect(screen.getByLabelText('Submitted to')).toHaveAttribute('aria-describedby', problem.id);
    expect(listCalls(calls)).toHaveLength(1);

    // Put right, the message goes and the search is sent.
    await user.clear(screen.getByLabelText('Submitted to'));
    await user.type(screen.getByLabelText('Submitted to'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('scrolls a wide table in a region named by its caption that the keyboard can reach', async () => {
    staffServer({
      'GET /api/staff/me': jsonResponse(reader),
      'GET /api/staff/applications': jsonResponse(applicationList([adaRow])),
    });
    renderApp('/staff');
    const table = await screen.findByRole('table', { name: /^Applications, sorted by/ });
    const region = screen.getByRole('region', { name: /^Applications, sorted by/ });
    expect(region).toContainElement(table);
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('filters by a status from its count', async () => {
    const { calls } = staffServer({
      'GET /api/staff/me': jsonResponse(reader),
      'GET /api/staff/applications': jsonResponse(applicationList([alanRow])),
    });
    const { user } = renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: /Started/ }));
    expect(
      await screen.findByRole('button', { name: /Started/, pressed: true }),
    ).toBeInTheDocument();
    expect(listCalls(calls).at(-1)).toBe(
      '/api/staff/applications?status=started&sort=lastActivity&order=desc&page=1&pageSize=25',
    );
  });

  it('leads to one application and back to the list as it was', async () => {
    staffServer({
      'GET /api/staff/me': jsonResponse(reader),
      'GET /api/staff/applications': jsonResponse(applicationList([adaRow])),
      'GET /api/staff/applications/acc-ada': jsonResponse({
        email: 'ada@example.edu',
        name: 'Ada Lovelace',
        status: 'started',
        submittedAt: null,
        formsVersion: null,
        language: 'es',
        view: { answer: { first_name: 'Ada' }, add_another: {}, document_answer: {}, tabs: {} },
      }),
    });
    const { user, app } = renderApp({ pathname: '/staff', search: '?q=ada&page=2' });
    await user.click(await screen.findByRole('link', { name: 'Ada Lovelace' }));
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    // The language the applicant uses, named in English.
    expect(screen.getByText('Language').nextElementSibling?.textContent).toBe('Spanish');
    // Not submitted: no packet yet, and a reader is offered no staff link.
    expect(screen.queryByRole('link', { name: /Submission packet/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /staff link/ })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to the applications' }));
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    expect(app.router.state.location.search).toBe('?q=ada&page=2');
  });
});
