// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { namedListRowsReady, optionLabel } from '../../../src/engine/option-lists';
import { pageOf, renderForm } from './render-form';

// One file, one module state: the rows arrive once, in the order these tests run.
const terms = [
  { value: 'fall', label: 'Fall' },
  { value: 'spring', label: 'Spring' },
];
const page = pageOf([
  { type: 'select', key: 'citizenship', label: 'Home Country (fixture)', options: 'countries' },
  {
    type: 'select',
    key: 'term',
    label: 'Term',
    options: terms,
  },
]);

describe("the named lists' rows in the browser (issue 43)", () => {
  it('are not part of the first load: a closed, empty select of countries draws "--" without them', async () => {
    renderForm(page);
    expect(screen.getByRole('combobox', { name: 'Home Country (fixture)' })).toHaveTextContent(
      '--',
    );
    // Nothing asks for them before the first load is over (3 quiet seconds, or a sign of intent).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(namedListRowsReady()).toBe(false);
    // A list without rows needs none.
    expect(optionLabel(terms, 'spring')).toBe('Spring');
    // Read before they are here, a list says so rather than passing every value as listed.
    expect(() => optionLabel('countries', 'FRA')).toThrow(/read before they were loaded/);
  });

  it('are fetched when a select that needs them is focused, and its options then show', async () => {
    const { user, store } = renderForm(page);
    await user.click(screen.getByRole('combobox', { name: 'Home Country (fixture)' }));
    await user.click(await screen.findByRole('option', { name: 'France' }));
    expect(store.getState().answers).toMatchObject({
      citizenship: 'FRA',
      citizenship_desc: 'France',
    });
    expect(namedListRowsReady()).toBe(true);
    expect(optionLabel('countries', 'FRA')).toBe('France');
  });
});
