// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorSummary } from '../../../src/engine/error-summary';
import { formPages } from '../../../src/forms/form-pages';
import { ErrorSummary } from '../../../src/client/layout/error-summary';
import { jsonResponse, renderApp } from '../render-app';
import {
  completeAnswers,
  fakeServer,
  findPage,
  inputOf,
  logIn,
  profileOf,
  profileRoute,
  statuses,
} from '../session/session-fixtures';
import { pageTitle, requiredMessage } from '../../helpers/shipped-texts';

const { first_name: _f, entry_term: _e, ...missingTwo } = completeAnswers;

function validatingApplicant() {
  logIn();
  return fakeServer({
    ...profileRoute(
      profileOf({ answer: missingTwo, web_status: statuses('started', 'validating') }),
    ),
    'PUT /api/answer': jsonResponse({ message: 'Your answers have been saved.' }),
  });
}

const summaryBox = async () =>
  (await screen.findByRole('heading', { name: "We're missing some information!" })).closest(
    '.error-summary',
  ) as HTMLElement;

describe('ErrorSummary', () => {
  it('lists each page, its groups and a link per field to /{page}#{fieldKey}', async () => {
    const summary = errorSummary(formPages, {
      first_name: [requiredMessage('first_name')],
      entry_term: [requiredMessage('entry_term')],
      legal_agree: ['I certify…'],
    });
    const followed: string[] = [];
    render(
      <ErrorSummary summary={summary} onFollow={(route, key) => followed.push(route + key)} />,
    );
    const box = screen.getByRole('heading', { name: "We're missing some information!" })
      .parentElement as HTMLElement;
    expect(box).toHaveTextContent('The links below show what still needs completing.');
    expect(
      within(box)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([pageTitle('about'), pageTitle('education'), pageTitle('final-steps')]);
    expect(
      within(box)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/about#first_name', '/education#entry_term', '/final-steps#legal_agree']);
    await userEvent.setup().click(within(box).getByRole('link', { name: 'I certify…' }));
    expect(followed).toEqual(['/final-stepslegal_agree']);
  });
});

describe('the error summary in the application', () => {
  it('shows while validating, takes focus on arrival and titles the page "Error: "', async () => {
    validatingApplicant();
    renderApp('/about');
    const box = await summaryBox();
    await waitFor(() => expect(box).toHaveFocus());
    expect(
      within(box)
        .getByRole('link', { name: requiredMessage('first_name') })
        .getAttribute('href'),
    ).toBe('/about#first_name');
    expect(
      within(box)
        .getByRole('link', { name: requiredMessage('entry_term') })
        .getAttribute('href'),
    ).toBe('/education#entry_term');
    await waitFor(() => expect(document.title.startsWith('Error: About You')).toBe(true));
  });

  it('moves focus into the field a same-page link names', async () => {
    const { called } = validatingApplicant();
    const { user, app } = renderApp('/about');
    const box = await summaryBox();
    await user.click(within(box).getByRole('link', { name: requiredMessage('first_name') }));
    await waitFor(() => expect(inputOf('first_name')).toHaveFocus());
    expect(app.router.state.location.hash).toBe('#first_name');
    expect(called('PUT', '/api/answer')).toEqual([]);
  });

  it('goes to another page for its link, saving first, and focuses the field there', async () => {
    const { called } = validatingApplicant();
    const { user, app } = renderApp('/about');
    const box = await summaryBox();
    await user.click(within(box).getByRole('link', { name: requiredMessage('entry_term') }));
    await findPage(pageTitle('education'));
    expect(app.router.state.location.pathname).toBe('/education');
    expect(app.router.state.location.hash).toBe('#entry_term');
    expect(called('PUT', '/api/answer')).toHaveLength(1);
    const field = document.getElementById('entry_term') as HTMLElement;
    await waitFor(() => expect(field.contains(document.activeElement)).toBe(true));
  });

  it('updates as answers are fixed and disappears when nothing is missing', async () => {
    validatingApplicant();
    const { user } = renderApp('/about');
    const box = await summaryBox();
    await user.type(inputOf('first_name'), 'Ada');
    // The summary catches up after the frame that shows the keystroke (use-shown-errors.ts).
    await waitFor(() =>
      expect(
        within(box).queryByRole('link', { name: requiredMessage('first_name') }),
      ).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(document.title.startsWith('Error: ')).toBe(true));
    // The last missing item is on another page; only fixing it there clears the summary.
    expect(
      within(box).getByRole('link', { name: requiredMessage('entry_term') }),
    ).toBeInTheDocument();
  });

  it('does not show while started', async () => {
    logIn();
    fakeServer(profileRoute(profileOf({ answer: missingTwo })));
    renderApp('/about');
    await findPage(pageTitle('about'));
    expect(
      screen.queryByRole('heading', { name: "We're missing some information!" }),
    ).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('About You - Undergraduate Application for Admission'),
    );
  });
});
