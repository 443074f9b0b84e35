// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VISITOR_UPLOAD_TEXT } from '../../../src/client/questions/file-question';
import { bodyOf, calledUrls, json, pageOf, renderForm, stubFetch } from './render-form';

const page = pageOf([
  {
    type: 'tabs',
    id: 'transcript',
    label: 'Your grades',
    tabs: [
      {
        id: 'upload',
        label: 'Upload my transcript',
        clears: ['hs_gpa'],
        file: 'transcript_file',
        questions: [{ type: 'file', key: 'transcript_file', label: 'Unofficial Transcript' }],
      },
      {
        id: 'self-report',
        label: 'Report my GPA',
        clears: ['transcript_note'],
        questions: [{ type: 'text', key: 'hs_gpa', label: 'Cumulative GPA' }],
      },
    ],
  },
]);

const loggedIn = { environment: { loggedIn: true } };

describe('tabs', () => {
  it('shows the saved tab; choosing another saves it with PUT and clears its listed answers', async () => {
    const fetchMock = stubFetch((url, init) =>
      init.method === 'PUT' ? { message: 'Saved.' } : { transcript: 'self-report' },
    );
    const { user, store } = renderForm(page, {
      ...loggedIn,
      initial: { answers: { hs_gpa: '3.8', transcript_note: 'Sent by post' } },
    });
    const gpaTab = await screen.findByRole('tab', { name: 'Report my GPA', selected: true });
    expect(screen.getByRole('tablist', { name: 'Your grades' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Report my GPA' })).toBeTruthy();
    expect((screen.getByLabelText('Cumulative GPA') as HTMLInputElement).value).toBe('3.8');
    expect(gpaTab.tabIndex).toBe(0);

    await user.click(screen.getByRole('tab', { name: 'Upload my transcript' }));
    await screen.findByRole('tab', { name: 'Upload my transcript', selected: true });
    expect(calledUrls(fetchMock)).toEqual(['/api/tabs', '/api/tabs']);
    expect(fetchMock.mock.calls[1]![1]!.method).toBe('PUT');
    expect(bodyOf(fetchMock.mock.calls[1]![1])).toEqual({
      tab_id: 'transcript',
      chosen_tab: 'upload',
    });
    expect(store.getState().tabs).toEqual({ transcript: 'upload' });
    expect(store.getState().answers).toMatchObject({ hs_gpa: '', transcript_note: 'Sent by post' });
    expect(screen.queryByLabelText('Cumulative GPA')).toBeNull();
    expect(screen.getByLabelText('Unofficial Transcript')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys and switches on Enter', async () => {
    const fetchMock = stubFetch((url, init) => (init.method === 'PUT' ? { message: 'OK' } : {}));
    const { user } = renderForm(page, loggedIn);
    const upload = await screen.findByRole('tab', { name: 'Upload my transcript', selected: true });
    upload.focus();
    await user.keyboard('{ArrowRight}');
    const gpa = screen.getByRole('tab', { name: 'Report my GPA' });
    expect(document.activeElement).toBe(gpa);
    expect(gpa.getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(upload);
    await user.keyboard('{End}{Enter}');
    await screen.findByRole('tab', { name: 'Report my GPA', selected: true });
    expect(bodyOf(fetchMock.mock.calls[1]![1])).toEqual({
      tab_id: 'transcript',
      chosen_tab: 'self-report',
    });
  });

  it('shows "Error handling tabs for {default tab}" when saving fails, and keeps the tab', async () => {
    stubFetch((url, init) => (init.method === 'PUT' ? json({ message: 'Nope.' }, 500) : {}));
    const { user, store } = renderForm(page, {
      ...loggedIn,
      initial: { answers: { hs_gpa: '3.8' } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Report my GPA' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error handling tabs for upload');
    expect(screen.getByRole('tab', { name: 'Upload my transcript', selected: true })).toBeTruthy();
    expect(store.getState().answers.hs_gpa).toBe('3.8');
  });

  it('shows a visitor only the default tab, and never calls /api', () => {
    const fetchMock = stubFetch(() => ({ transcript: 'self-report' }));
    renderForm(page);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByLabelText('Cumulative GPA')).toBeNull();
    expect(screen.getByText('Unofficial Transcript')).toBeTruthy();
    expect(screen.getByText(VISITOR_UPLOAD_TEXT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a service user the chosen tab content without the tab list', async () => {
    stubFetch(() => ({}));
    renderForm(page, {
      environment: { serviceUser: true },
      initial: { tabs: { transcript: 'self-report' }, answers: { hs_gpa: '3.8' } },
    });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText('3.8')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Report my GPA')).toBeTruthy());
  });
});
