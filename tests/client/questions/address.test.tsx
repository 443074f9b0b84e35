// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calledUrls, pageOf, renderForm, stubFetch } from './render-form';

const page = pageOf([
  { type: 'address', prefix: 'mailing_', label: 'Mailing Address (fixture)', required: true },
]);

async function choose(user: ReturnType<typeof renderForm>['user'], name: string, option: string) {
  await user.click(screen.getByRole('combobox', { name }));
  // The lists' rows are fetched when a select is first focused (form/named-lists.ts).
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('address block', () => {
  it('asks its parts under its key prefix, country first, in a fieldset', () => {
    renderForm(page);
    const group = screen.getByRole('group', { name: 'Mailing Address (fixture)' });
    expect(group.tagName).toBe('FIELDSET');
    const labels = [...group.querySelectorAll('label')].map((l) => l.textContent);
    // No country yet: the state is not asked.
    expect(labels).toEqual([
      'Country *',
      'Address *',
      'Address Line 2',
      'City *',
      'ZIP/Postal Code',
    ]);
    for (const key of ['mailing_country', 'mailing_address_line_1', 'mailing_city', 'mailing_zip'])
      expect(document.getElementById(key)).toBeInTheDocument();
  });

  it('lists US states for the USA, provinces for Canada, and no state elsewhere', async () => {
    const { user, store } = renderForm(page);
    await choose(user, 'Country', 'United States');
    expect(store.getState().answers).toMatchObject({
      mailing_country: 'USA',
      mailing_country_desc: 'United States',
    });
    await user.click(screen.getByRole('combobox', { name: 'State/Province' }));
    expect(await screen.findByRole('option', { name: 'Minnesota' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Ontario' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await choose(user, 'Country', 'Canada');
    await user.click(screen.getByRole('combobox', { name: 'State/Province' }));
    expect(screen.getByRole('option', { name: 'Ontario' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Minnesota' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await choose(user, 'Country', 'France');
    expect(screen.queryByRole('combobox', { name: 'State/Province' })).not.toBeInTheDocument();
  });

  it('clears the state and its _desc when the country changes', async () => {
    const { user, store } = renderForm(page, {
      initial: {
        answers: {
          mailing_country: 'USA',
          mailing_country_desc: 'United States',
          mailing_state: 'MN',
          mailing_state_desc: 'Minnesota',
        },
      },
    });
    // A chosen value fetches its list's rows at once, to be named.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'State/Province' }).textContent).toBe(
        'Minnesota',
      ),
    );
    await choose(user, 'Country', 'Canada');
    expect(store.getState().answers).toMatchObject({
      mailing_country: 'CAN',
      mailing_country_desc: 'Canada',
      mailing_state: '',
      mailing_state_desc: '',
    });
    expect(screen.getByRole('combobox', { name: 'State/Province' }).textContent).toBe('--');
  });

  it('takes a typed address as it is (manual entry), and fills the block from a suggestion', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = stubFetch((url) =>
      url.includes('query=')
        ? [{ id: 'a1', text: '1 Main St', sub_text: 'Springfield, IL 62701' }]
        : {
            id: 'a1',
            name: '',
            ceeb: '',
            address_line_1: '1 Main St',
            city: 'Springfield',
            state: 'IL',
            zip: '62701',
            country: 'USA',
          },
    );
    const { store } = renderForm(page, {
      initial: { answers: { mailing_address_line_2: 'Flat 2' } },
    });
    const line = screen.getByRole('combobox', { name: 'Address' });
    fireEvent.change(line, { target: { value: '1 Main' } });
    expect(store.getState().answers.mailing_address_line_1).toBe('1 Main');
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(calledUrls(fetchMock)).toEqual([
      '/lookup/find?query=1+Main&category=address&max_results=5',
    ]);
    const option = await vi.waitFor(() => screen.getByRole('option', { name: /1 Main St/ }));
    expect(option.textContent).toBe('1 Main StSpringfield, IL 62701');
    fireEvent.keyDown(line, { key: 'ArrowDown' });
    expect(line).toHaveAttribute('aria-activedescendant', option.id);
    fireEvent.keyDown(line, { key: 'Enter' });
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(store.getState().answers.mailing_city).toBe('Springfield'));
    expect(calledUrls(fetchMock)[1]).toBe('/lookup/find?id=a1&category=address');
    expect(store.getState().answers).toMatchObject({
      mailing_country: 'USA',
      mailing_country_desc: 'United States',
      mailing_address_line_1: '1 Main St',
      mailing_address_line_2: '',
      mailing_city: 'Springfield',
      mailing_state: 'IL',
      mailing_state_desc: 'Illinois',
      mailing_zip: '62701',
    });
  });

  it('fills the block from the latest suggestion chosen, whatever order the records arrive in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const record = (id: string, city: string) => ({
      id,
      name: '',
      ceeb: '',
      address_line_1: `${id} Main St`,
      city,
      state: 'IL',
      zip: '62701',
      country: 'USA',
    });
    let sendFirst: (value: unknown) => void = () => {};
    const firstRecord = new Promise((resolve) => (sendFirst = resolve));
    stubFetch((url) => {
      if (url.includes('query='))
        return [
          { id: 'a1', text: 'a1 Main St', sub_text: 'Slowtown' },
          { id: 'a2', text: 'a2 Main St', sub_text: 'Fastville' },
        ];
      return url.includes('id=a1') ? firstRecord : record('a2', 'Fastville');
    });
    const { store } = renderForm(page);
    const line = screen.getByRole('combobox', { name: 'Address' });
    const pick = async (typed: string, name: RegExp) => {
      fireEvent.change(line, { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(250));
      fireEvent.click(await vi.waitFor(() => screen.getByRole('option', { name })));
    };
    await pick('Main', /a1 Main St/);
    await pick('Main St', /a2 Main St/);
    await vi.waitFor(() => expect(store.getState().answers.mailing_city).toBe('Fastville'));
    // The first choice's record comes last: the applicant chose again since, so it is not heard.
    await act(async () => sendFirst(record('a1', 'Slowtown')));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(store.getState().answers).toMatchObject({
      mailing_city: 'Fastville',
      mailing_address_line_1: 'a2 Main St',
    });
  });
});
