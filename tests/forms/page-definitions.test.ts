/**
 * The browser's page index and definitions (src/forms/page-index.ts, page-definitions.ts): each
 * definition loads on its own, once, and both are put in the page's language whether they loaded
 * before it or after. Expected texts come from forms/ and forms/es/, never spelled out here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFormLanguage } from '../../src/forms/form-language';
import {
  loadAllPages,
  loadedPage,
  loadedPageAt,
  loadedPages,
  loadPage,
  loadPageAt,
} from '../../src/forms/page-definitions';
import { pageIndex } from '../../src/forms/page-index';
import { entryAt } from '../../src/forms/translation-files';

interface Written {
  id: string;
  title: string;
  route: string;
  step: number;
}
const written: Written[] = readdirSync('forms')
  .filter((file) => file.endsWith('.json') && file !== 'site.json')
  .map((file) => JSON.parse(readFileSync(`forms/${file}`, 'utf8')) as Written)
  .sort((a, b) => a.step - b.step);
const spanishTitle = (id: string) =>
  entryAt(JSON.parse(readFileSync(`forms/es/${id}.json`, 'utf8')), ['page', 'title'])!.es;

// One module state for the file, as in a browser tab: the tests run in order.
describe('page index and definitions in the browser', () => {
  it('indexes every page of forms/ in step order before any definition loads', () => {
    expect(pageIndex.map(({ id, route, title, step }) => ({ id, route, title, step }))).toEqual(
      written.map(({ id, route, title, step }) => ({ id, route, title, step })),
    );
    for (const page of written) expect(loadedPage(page.id)).toBeUndefined();
    expect(loadedPages()).toBeUndefined();
  });

  it('loads a definition once, by id or route; an unknown route is no page', async () => {
    const [first] = written;
    const page = await loadPageAt(first!.route);
    expect(page).toMatchObject({ id: first!.id, title: first!.title });
    expect(await loadPage(first!.id)).toBe(page);
    expect(loadedPageAt(first!.route)).toBe(page);
    expect(await loadPageAt('/no-such-page')).toBeUndefined();
    await expect(loadPage('no-such-page')).rejects.toThrow('no-such-page');
    expect(loadedPages()).toBeUndefined();
  });

  it('puts the index and the definitions in Spanish, those loaded before and after alike', async () => {
    const [first, second] = written;
    const before = loadedPage(first!.id)!;
    expect(loadedPage(second!.id)).toBeUndefined();

    await loadFormLanguage('es');
    expect(pageIndex.map((entry) => entry.title)).toEqual(
      written.map((page) => spanishTitle(page.id)),
    );
    expect(before.title).toBe(spanishTitle(first!.id));
    expect((await loadPage(second!.id)).title).toBe(spanishTitle(second!.id));

    const all = await loadAllPages();
    expect(all.map((page) => page.id)).toEqual(written.map((page) => page.id));
    expect(loadedPages()).toEqual(all);
    // The same array at every call (the staff view's memo and file-key cache are keyed on it).
    expect(loadedPages()).toBe(loadedPages());
    expect(all.map((page) => page.title)).toEqual(pageIndex.map((entry) => entry.title));
  });
});
