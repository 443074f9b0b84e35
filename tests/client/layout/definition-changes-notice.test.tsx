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
import { containing, pageTitle } from '../../helpers/shipped-texts';

const changes: DefinitionChanges = {
  since: '2027 entry, edition 1',
  pages: [
    {
      page: 'about',
      title: pageTitle('about'),
      route: '/about',
      added: [
        { key: 'first_name', label: 'Given Name (fixture)', href: '/about#first_name' },
        { key: 'last_name', label: 'Family Name (fixture)', href: '/about#last_name' },
      ],
      options: [
        { key: 'gender', label: 'Sex (fixture)', href: '/about#gender', was: 'Another gender' },
      ],
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
      ['Given Name (fixture)', '/about#first_name'],
      ['Family Name (fixture)', '/about#last_name'],
      ['Sex (fixture) (you chose “Another gender”)', '/about#gender'],
    ]);
  });

  it('moves focus into the field a link names, without saving', async () => {
    const { called } = returningApplicant();
    const { user } = renderApp('/about');
    const box = await notice();
    await user.click(within(box).getByRole('link', { name: 'Family Name (fixture)' }));
    await waitFor(() => expect(inputOf('last_name')).toHaveFocus());
    expect(called('PUT', '/api/answer')).toEqual([]);
  });

  it('marks the changed step in words, and shows no notice on a page that did not change', async () => {
    returningApplicant();
    const { user } = renderApp('/about');
    await notice();
    const steps = screen.getByRole('navigation', { name: 'Application steps' });
    expect(
      within(steps).getByRole('link', { name: containing(pageTitle('about')) }),
    ).toHaveTextContent(`Step 1: ${pageTitle('about')}Changed since your last visit`);
    expect(
      within(steps).getByRole('link', { name: containing(pageTitle('education')) }),
    ).not.toHaveTextContent('Changed');
    await user.click(within(steps).getByRole('link', { name: containing(pageTitle('education')) }));
    await findPage(pageTitle('education'));
    expect(
      screen.queryByRole('heading', { name: 'This page has changed since your last visit' }),
    ).not.toBeInTheDocument();
  });

  it('does not show when the profile reports no change', async () => {
    logIn();
    fakeServer(profileRoute(profileOf({ answer: completeAnswers })));
    renderApp('/about');
    await findPage(pageTitle('about'));
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'This page has changed since your last visit' }),
    ).not.toBeInTheDocument();
  });
});
