// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { namedListRowsReady } from '../../../src/engine/option-lists';
import { pageOf, renderForm } from './render-form';

// A file of its own: no other test has fetched the rows before this one.
const page = pageOf([
  { type: 'select', key: 'citizenship', label: 'Home Country (fixture)', options: 'countries' },
]);

describe("the named lists' rows for a chosen value", () => {
  it('are fetched at once, without a focus, and name the value', async () => {
    expect(namedListRowsReady()).toBe(false);
    renderForm(page, { initial: { answers: { citizenship: 'CAN', citizenship_desc: 'Canada' } } });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Home Country (fixture)' })).toHaveTextContent(
        'Canada',
      ),
    );
  });
});
