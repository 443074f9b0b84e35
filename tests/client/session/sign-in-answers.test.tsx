// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageFields } from '../../../src/engine/page-fields';
import { formPages } from '../../../src/forms/form-pages';
import { answerConflicts } from '../../../src/client/session/answer-conflicts';
import { answersChoiceTexts } from '../../../src/client/session/sign-in-answers-choice';
import { jsonResponse, renderApp } from '../render-app';
import { fakeServer, findPage, inputOf, logIn, profileOf } from './session-fixtures';

// Labels come from the definitions, never pinned here.
const labelOf = (key: string) =>
  formPages.flatMap((page) => pageFields(page)).find((field) => field.key === key)!.question.label!;
const aboutTitle = formPages[0]!.title;

const saved = { first_name: 'Sofia', last_name: 'Lovelace' };
const typed = { first_name: 'Sophie', last_name: 'Lovelace', city: 'Oslo' };
// What the profile holds once the claim kept the saved answers and filled the unanswered city.
const afterClaim = { ...saved, city: 'Oslo' };

function signInWith(typedAnswers: Record<string, string>, profileAnswers: Record<string, string>) {
  logIn();
  const server = fakeServer({
    'POST /api/visitor-answers/claim': jsonResponse({ answer: typedAnswers }),
    'GET /api/profile': jsonResponse(profileOf({ answer: profileAnswers, last_page: '/about' })),
    'PUT /api/answer': jsonResponse({ message: 'Your answers have been saved.' }),
  });
  return { ...server, ...renderApp({ pathname: '/about', search: '?token=tok-9' }) };
}

describe('signing in with answers typed as a visitor', () => {
  it('finds the questions answered differently, by their labels and shown values', () => {
    expect(answerConflicts(formPages, typed, afterClaim)).toEqual([
      { key: 'first_name', label: labelOf('first_name'), saved: 'Sofia', typed: 'Sophie' },
    ]);
    expect(answerConflicts(formPages, { first_name: 'Sofia' }, afterClaim)).toEqual([]);
    expect(answerConflicts(formPages, { first_name: '' }, afterClaim)).toEqual([]);
  });

  it('asks, and keeps the saved answers when the applicant says so', async () => {
    const { user, calls, app } = signInWith(typed, afterClaim);
    const dialog = await screen.findByRole('dialog', { name: answersChoiceTexts().title });
    expect(dialog).toHaveTextContent(`${labelOf('first_name')}: saved “Sofia”, typed “Sophie”`);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    const keep = within(dialog).getByRole('button', { name: answersChoiceTexts().keep });
    await waitFor(() => expect(keep).toHaveFocus());
    await user.click(keep);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await findPage(aboutTitle);
    expect(inputOf('first_name')).toHaveValue('Sofia');
    expect(inputOf('city')).toHaveValue('Oslo');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    // Asked once: a redirect that draws the pages again (here /completion, not submitted, back
    // to the first page) does not ask again.
    await app.router.navigate('/completion');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(formPages[0]!.route));
    await findPage(aboutTitle);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves the typed answers over the saved ones when the applicant chooses them', async () => {
    const { user, calls } = signInWith(typed, afterClaim);
    const dialog = await screen.findByRole('dialog', { name: answersChoiceTexts().title });
    await user.click(within(dialog).getByRole('button', { name: answersChoiceTexts().use }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputOf('first_name')).toHaveValue('Sophie');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/answer', body: { first_name: 'Sophie' } },
    ]);
    expect(
      await screen.findByText('Your answers have been saved.', { selector: '.toast__message' }),
    ).toBeInTheDocument();
  });

  it('asks nothing when the typed answers only fill what was unanswered', async () => {
    const { calls } = signInWith({ city: 'Oslo' }, afterClaim);
    await findPage(aboutTitle);
    await waitFor(() => expect(inputOf('city')).toHaveValue('Oslo'));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/profile')).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
