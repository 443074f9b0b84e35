// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, calledUrls, json, pageOf, renderForm, stubFetch } from './render-form';

const page = pageOf([
  {
    type: 'add-another',
    id: 'activity_interest',
    label: 'Which activities interest you?',
    max: 3,
    buttonLabel: 'Add Another Activity (fixture)',
    questions: [
      {
        type: 'select',
        key: 'activity_interest_{n}',
        label: 'Activity {n} (fixture)',
        options: [
          { value: 'SONG', label: 'Music (fixture)' },
          { value: 'PLAY', label: 'Theatre (fixture)' },
        ],
      },
    ],
  },
]);

const loggedIn = { environment: { loggedIn: true } };
const blocks = () => screen.getAllByRole('combobox').map((c) => c.getAttribute('aria-labelledby'));

describe('add another', () => {
  it('shows the saved count, stores count + 1 with PUT and hides the button at the maximum', async () => {
    const fetchMock = stubFetch((url, init) =>
      init.method === 'PUT' ? { message: 'Saved.' } : { activity_interest: 2 },
    );
    const { user, store } = renderForm(page, loggedIn);
    await waitFor(() => expect(blocks()).toHaveLength(2));
    expect(blocks()).toEqual(['activity_interest_1-label', 'activity_interest_2-label']);
    expect(calledUrls(fetchMock)).toEqual(['/api/add-another']);

    await user.click(screen.getByRole('button', { name: 'Add Another Activity (fixture)' }));
    await waitFor(() => expect(blocks()).toHaveLength(3));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/add-another');
    expect(fetchMock.mock.calls[1]![1]!.method).toBe('PUT');
    expect(bodyOf(fetchMock.mock.calls[1]![1])).toEqual({
      button_id: 'activity_interest',
      num_components: 3,
    });
    expect(store.getState().addAnother).toEqual({ activity_interest: 3 });
    expect(
      screen.queryByRole('button', { name: 'Add Another Activity (fixture)' }),
    ).not.toBeInTheDocument();
    // Focus lands in the new block.
    expect(document.activeElement?.id).toBe('activity_interest_3-input');
    const third = screen.getByRole('group', { name: 'Which activities interest you? 3' });
    expect(
      within(third).getByRole('combobox', { name: 'Activity 3 (fixture)' }),
    ).toBeInTheDocument();
  });

  it('starts from one block when nothing is saved', async () => {
    stubFetch(() => ({}));
    renderForm(page, loggedIn);
    expect(
      await screen.findByRole('button', { name: 'Add Another Activity (fixture)' }),
    ).toBeInTheDocument();
    expect(blocks()).toEqual(['activity_interest_1-label']);
  });

  it('shows "Error adding another {label}" when saving fails, and keeps the count', async () => {
    stubFetch((url, init) =>
      init.method === 'PUT' ? json({ message: 'Database unavailable.' }, 500) : {},
    );
    const { user, store } = renderForm(page, loggedIn);
    await user.click(await screen.findByRole('button', { name: 'Add Another Activity (fixture)' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error adding another Which activities interest you?');
    expect(toast).toHaveTextContent('Database unavailable.');
    expect(blocks()).toHaveLength(1);
    expect(store.getState().addAnother).toEqual({});
  });

  it('gives a visitor the default count and no button, and never calls /api', () => {
    const fetchMock = stubFetch(() => ({ activity_interest: 3 }));
    renderForm(page);
    expect(blocks()).toEqual(['activity_interest_1-label']);
    expect(
      screen.queryByRole('button', { name: 'Add Another Activity (fixture)' }),
    ).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
