// @vitest-environment jsdom
/**
 * When the pages' validators load (src/client/form/page-validators.ts): with a signed-in
 * applicant's profile, before the form shows (the error summary and Submit check every page); a
 * failure to load them shows the failure screen with Try again; a visitor, who never validates,
 * and a submitted applicant, whose application is only read, do not wait for them.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageValidator } from '../../../src/client/form/page-validators';
import { renderApp } from '../render-app';
import {
  fakeServer,
  logIn,
  profileOf,
  profileRoute,
  quietConsole,
  statuses,
} from './session-fixtures';
import { pageTitle } from '../../helpers/shipped-texts';

const loading = vi.hoisted(() => ({ failing: false, calls: 0 }));

vi.mock('../../../src/generated/page-validator-loaders.js', async (original) => {
  const real = await original<{
    pageValidatorLoaders: Record<string, () => Promise<unknown>>;
    fieldValidatorLoaders: Record<string, () => Promise<unknown>>;
  }>();
  const { pageValidatorLoaders } = real;
  return {
    ...real,
    pageValidatorLoaders: Object.fromEntries(
      Object.entries(pageValidatorLoaders).map(([id, load]) => [
        id,
        () => {
          loading.calls++;
          return loading.failing ? Promise.reject(new Error('offline')) : load();
        },
      ]),
    ),
  };
});

afterEach(() => {
  loading.failing = false;
  loading.calls = 0;
});

describe('the pages’ validators', () => {
  it('a visitor’s form loads none', async () => {
    fakeServer({});
    renderApp('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: pageTitle('about') }),
    ).toBeInTheDocument();
    expect(loading.calls).toBe(0);
    expect(pageValidator('about')).toBeUndefined();
  });

  it('a submitted applicant’s completion page does not wait for them', async () => {
    logIn();
    loading.failing = true;
    fakeServer(
      profileRoute(profileOf({ web_status: statuses('started', 'validating', 'submitted') })),
    );
    renderApp('/completion');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Application submitted' }),
    ).toBeInTheDocument();
  });

  it('a signed-in applicant’s form waits for every page’s, with Try again if they fail', async () => {
    logIn();
    loading.failing = true;
    fakeServer(profileRoute(profileOf()));
    const consoleError = quietConsole();
    try {
      renderApp('/about');
      expect(
        await screen.findByRole('heading', { name: 'Something went wrong.' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: pageTitle('about') })).not.toBeInTheDocument();
      loading.failing = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: pageTitle('about') }),
      ).toBeInTheDocument();
      for (const id of ['about', 'education', 'final-steps'])
        expect(pageValidator(id)).toBeTypeOf('function');
    } finally {
      consoleError.mockRestore();
    }
  });
});
