// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadedPage } from '../../../src/forms/page-definitions';
import { pageIndex } from '../../../src/forms/page-index';
import { pageTitle } from '../../helpers/shipped-texts';
import { renderApp } from '../render-app';
import { fakeServer, findPage } from '../session/session-fixtures';

// Each definition's loader, as generated, noting each load and held while its gate is closed.
const loads = vi.hoisted(() => ({
  calls: [] as string[],
  gates: new Map<string, Promise<void>>(),
}));
vi.mock('../../../src/generated/form-index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/generated/form-index.js')>();
  const pageLoaders = Object.fromEntries(
    Object.entries(real.pageLoaders).map(([id, load]) => [
      id,
      async () => {
        loads.calls.push(id);
        await loads.gates.get(id);
        return load();
      },
    ]),
  );
  return { ...real, pageLoaders };
});

const [first, second, third] = pageIndex;

/** The step link of a page (its number, "Step n" and its title). */
const stepLink = (id: string) =>
  screen.getByRole('link', { name: new RegExp(`${pageTitle(id)}$`) });

// The definitions stay loaded for the file's life, as in a browser tab: the tests run in order.
describe('form page definitions (issue 43: a first load carries its own page only)', () => {
  it('a first load renders the page once its own definition has loaded; the next loads when idle', async () => {
    fakeServer({});
    renderApp(first!.route);
    await findPage(pageTitle(first!.id));
    expect(loads.calls[0]).toBe(first!.id);
    // The step navigation names every page from the index, before their definitions load.
    for (const entry of pageIndex) expect(stepLink(entry.id)).toHaveAttribute('href', entry.route);
    await waitFor(() => expect(loads.calls).toEqual([first!.id, second!.id]));
    expect(loadedPage(third!.id)).toBeUndefined();
  });

  it('a change of page waits for the next definition, which starts loading on hover', async () => {
    let release = () => {};
    loads.gates.set(third!.id, new Promise<void>((resolve) => (release = resolve)));
    fakeServer({});
    const { app, user } = renderApp(second!.route);
    await findPage(pageTitle(second!.id));
    expect(loads.calls).not.toContain(third!.id);

    await user.hover(stepLink(third!.id));
    expect(loads.calls).toContain(third!.id);
    await user.click(stepLink(third!.id));
    // Until the definition arrives, the page and the address stay where they were.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(pageTitle(second!.id));
    expect(app.router.state.location.pathname).toBe(second!.route);

    release();
    await findPage(pageTitle(third!.id));
    expect(app.router.state.location.pathname).toBe(third!.route);
    // Loaded once: the hover's load was the one the navigation waited for.
    expect(loads.calls.filter((id) => id === third!.id)).toEqual([third!.id]);
  });
});
