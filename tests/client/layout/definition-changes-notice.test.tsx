// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DefinitionChanges } from '../../../src/contract/application';
import { jsonResponse, renderApp } from '../render-app';
import {
  completeAnswers,
  fakeServer,
  findPage,
  inputOf,
  logIn,
  profileOf,
  profileRoute,
} from '../session/session-fixtures';

const changes: DefinitionChanges = {
  since: '2027 entry, edition 1',
  pages: [
    {
      page: 'about',
      title: 'About You',
      route: '/about',
      added: [
        { key: 'first_name', label: 'First Name', href: '/about#first_name' },
        { key: 'last_name', label: 'Last Name', href: '/about#last_name' },
      ],
      options: [{ key: 'gender', label: 'Gender', href: '/about#gender', was: 'Another gender' }],
      removed: ['preferred_name'],
    },
  ],
};

function returningApplicant() {
  logIn();
  return fakeServer({
    ...profileRoute(profileOf({ answer: completeAnswers, definition_changes: changes })),
    'PUT /api/answer': jsonResponse({ message: 'Your answers have been saved.' }),
  });
}

const notice = async () =>
  (
    await screen.findByRole('heading', { name: 'This page has changed since your last visit' })
  ).closest('.definition-changes') as HTMLElement;

describe('the notice of a change to the forms since the last visit', () => {
  it('lists the added questions and the options no longer offered, each a link to its field', async () => {
    returningApplicant();
    renderApp('/about');
    const box = await notice();
    expect(box).toHaveTextContent('We added 2 questions since your last visit:');
    expect(box).toHaveTextContent('An option you chose is no longer offered. Please choose again:');
    expect(box).toHaveTextContent(
      'We no longer ask 1 question you answered. Your answer is kept for the admissions office.',
    );
    expect(
      within(box)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['First Name', '/about#first_name'],
      ['Last Name', '/about#last_name'],
      ['Gender (you chose “Another gender”)', '/about#gender'],
    ]);
  });

  it('moves focus into the field a link names, without saving', async () => {
    const { called } = returningApplicant();
    const { user } = renderApp('/about');
    const box = await notice();
    await user.click(within(box).getByRole('link', { name: 'Last Name' }));
    await waitFor(() => expect(inputOf('last_name')).toHaveFocus());
    expect(called('PUT', '/api/answer')).toEqual([]);
  });

  it('marks the changed step in words, and shows no notice on a page that did not change', async () => {
    returningApplicant();
    const { user } = renderApp('/about');
    await notice();
    const steps = screen.getByRole('navigation', { name: 'Application steps' });
    expect(within(steps).getByRole('link', { name: /About You/ })).toHaveTextContent(
      'Step 1: About YouChanged since your last visit',
    );
    expect(within(steps).getByRole('link', { name: /Your Academics/ })).not.toHaveTextContent(
      'Changed',
    );
    await user.click(within(steps).getByRole('link', { name: /Your Academics/ }));
    await findPage('Your Academics');
    expect(
      screen.queryByRole('heading', { name: 'This page has changed since your last visit' }),
    ).not.toBeInTheDocument();
  });

  it('does not show when the profile reports no change', async () => {
    logIn();
    fakeServer(profileRoute(profileOf({ answer: completeAnswers })));
    renderApp('/about');
    await findPage('About You');
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'This page has changed since your last visit' }),
    ).not.toBeInTheDocument();
  });
});
