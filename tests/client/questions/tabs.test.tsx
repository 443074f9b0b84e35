// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visitorUploadText } from '../../../src/client/messages';
import { profileQueryKey, type Profile } from '../../../src/client/api/use-profile';
import { switchTabTexts } from '../../../src/client/documents/switch-tab-dialog';
import { changedAnswers } from '../../../src/client/session/answer-changes';
import { conversion, documentServer } from '../documents/document-server';
import { json, pageOf, renderForm, stubFetch } from './render-form';

const page = pageOf([
  {
    type: 'tabs',
    id: 'transcript',
    label: 'Your grades (fixture)',
    tabs: [
      {
        id: 'upload',
        label: 'Upload my transcript (fixture)',
        clears: ['hs_gpa'],
        file: 'transcript_file',
        questions: [
          { type: 'file', key: 'transcript_file', label: 'Unofficial Transcript (fixture)' },
        ],
      },
      {
        id: 'self-report',
        label: 'Report my GPA (fixture)',
        clears: ['transcript_note'],
        questions: [{ type: 'text', key: 'hs_gpa', label: 'Cumulative GPA (fixture)' }],
      },
    ],
  },
]);

const loggedIn = { environment: { loggedIn: true } };
const statusPath = '/api/pdf/document-answer/transcript_file';
const noDocument = {
  'GET /api/document-answer': {},
  [`GET ${statusPath}`]: conversion('NOT_ANSWERED'),
};
const attached = { transcript_file: { file_name: 'transcript.pdf', file_size: 52_000 } };

describe('tabs', () => {
  it('shows the saved tab; choosing another saves it with PUT and clears its listed answers', async () => {
    const server = documentServer({
      'GET /api/tabs': { transcript: 'self-report' },
      'PUT /api/tabs': { message: 'Saved.' },
      ...noDocument,
    });
    const { user, store } = renderForm(page, {
      ...loggedIn,
      initial: { answers: { hs_gpa: '3.8', transcript_note: 'Sent by post' } },
    });
    const gpaTab = await screen.findByRole('tab', {
      name: 'Report my GPA (fixture)',
      selected: true,
    });
    expect(screen.getByRole('tablist', { name: 'Your grades (fixture)' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Report my GPA (fixture)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cumulative GPA (fixture)')).toHaveValue('3.8');
    expect(gpaTab.tabIndex).toBe(0);

    await user.click(screen.getByRole('tab', { name: 'Upload my transcript (fixture)' }));
    await screen.findByRole('tab', { name: 'Upload my transcript (fixture)', selected: true });
    const tabCalls = server.calls().filter((call) => call.endsWith('/api/tabs'));
    expect(tabCalls).toEqual(['GET /api/tabs', 'PUT /api/tabs']);
    expect(server.bodies('PUT', '/api/tabs')).toEqual([
      { tab_id: 'transcript', chosen_tab: 'upload' },
    ]);
    // Leaving a tab without a file deletes nothing.
    expect(server.calls().filter((call) => call.startsWith('DELETE'))).toEqual([]);
    expect(store.getState().tabs).toEqual({ transcript: 'upload' });
    expect(store.getState().answers).toMatchObject({ hs_gpa: '', transcript_note: 'Sent by post' });
    expect(screen.queryByLabelText('Cumulative GPA (fixture)')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Unofficial Transcript (fixture)')).toBeInTheDocument();
  });

  it('counts the answers a switch cleared on the server as saved: nothing unsaved, nothing sent again', async () => {
    documentServer({
      'GET /api/tabs': { transcript: 'self-report' },
      'PUT /api/tabs': { message: 'Saved.' },
      ...noDocument,
    });
    const answers = { hs_gpa: '3.8', hs_gpa_desc: 'weighted', transcript_note: 'Sent by post' };
    const { user, store, queryClient } = renderForm(page, {
      ...loggedIn,
      initial: { answers },
      saved: answers,
    });
    const profile: Profile = {
      answer: { ...answers },
      document_answer: {},
      username: 'ada@example.edu',
      language: 'en',
      last_page: '/your-academics',
      successful_login: [],
      web_status: [{ web_status: 'started' }],
    };
    queryClient.setQueryData<Profile>(profileQueryKey, profile);
    await screen.findByRole('tab', { name: 'Report my GPA (fixture)', selected: true });
    await user.type(screen.getByLabelText('Cumulative GPA (fixture)'), '5');
    // A typed answer is unsaved (the "Leave site?" check and the next save see it)...
    expect(changedAnswers(store.getSaved(), store.getState().answers)).toEqual({ hs_gpa: '3.85' });

    await user.click(screen.getByRole('tab', { name: 'Upload my transcript (fixture)' }));
    await screen.findByRole('tab', { name: 'Upload my transcript (fixture)', selected: true });
    expect(store.getState().answers).toMatchObject({ hs_gpa: '', hs_gpa_desc: '' });
    // ...but the server cleared it with the switch: the next save sends nothing, and nothing
    // counts as unsaved.
    expect(changedAnswers(store.getSaved(), store.getState().answers)).toEqual({});
    expect(store.getSaved()).toMatchObject({
      hs_gpa: '',
      hs_gpa_desc: '',
      transcript_note: 'Sent by post',
    });
    // The cached profile (the answers a page opened later starts from) says the same; the cached
    // object is replaced, not changed in place.
    expect(queryClient.getQueryData(profileQueryKey)).toEqual({
      ...profile,
      answer: { hs_gpa: '', hs_gpa_desc: '', transcript_note: 'Sent by post' },
    });
    expect(profile.answer).toEqual(answers);
  });

  it('moves between tabs with the arrow keys and switches on Enter', async () => {
    const server = documentServer({
      'GET /api/tabs': {},
      'PUT /api/tabs': { message: 'OK' },
      ...noDocument,
    });
    const { user } = renderForm(page, loggedIn);
    const upload = await screen.findByRole('tab', {
      name: 'Upload my transcript (fixture)',
      selected: true,
    });
    await screen.findByLabelText('Unofficial Transcript (fixture)');
    upload.focus();
    await user.keyboard('{ArrowRight}');
    const gpa = screen.getByRole('tab', { name: 'Report my GPA (fixture)' });
    expect(gpa).toHaveFocus();
    expect(gpa).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowRight}');
    expect(upload).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    await screen.findByRole('tab', { name: 'Report my GPA (fixture)', selected: true });
    expect(server.bodies('PUT', '/api/tabs')).toEqual([
      { tab_id: 'transcript', chosen_tab: 'self-report' },
    ]);
  });

  it('shows "Error handling tabs for {default tab label}" when saving fails, keeps the tab, and reads the file again', async () => {
    const server = documentServer({
      'GET /api/tabs': {},
      'PUT /api/tabs': json({ message: 'Nope.' }, 500),
      ...noDocument,
    });
    const { user, store } = renderForm(page, {
      ...loggedIn,
      initial: { answers: { hs_gpa: '3.8' } },
    });
    await screen.findByLabelText('Unofficial Transcript (fixture)');
    await user.click(screen.getByRole('tab', { name: 'Report my GPA (fixture)' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error handling tabs for Upload my transcript');
    expect(toast).toHaveTextContent('Nope.');
    expect(
      screen.getByRole('tab', { name: 'Upload my transcript (fixture)', selected: true }),
    ).toBeInTheDocument();
    expect(store.getState().answers.hs_gpa).toBe('3.8');
    // The reset: the conversion and the document list are read again.
    await waitFor(() =>
      expect(server.calls().filter((call) => call === `GET ${statusPath}`)).toHaveLength(2),
    );
    expect(server.calls().filter((call) => call === 'GET /api/document-answer')).toHaveLength(2);
  });

  it.each([
    ['converting', conversion('IN_PROGRESS')],
    ['waiting to convert', conversion('UNPROCESSED')],
  ])(
    'keeps the applicant on a tab whose file is %s, with the File Upload in Progress dialog',
    async (_state, status) => {
      const server = documentServer({
        'GET /api/tabs': {},
        'GET /api/document-answer': attached,
        [`GET ${statusPath}`]: status,
      });
      const { user, store } = renderForm(page, {
        ...loggedIn,
        initial: { answers: { hs_gpa: '' } },
      });
      await screen.findByText('Converting your file to PDF…', {
        selector: '.file-upload__converting',
      });
      await user.click(screen.getByRole('tab', { name: 'Report my GPA (fixture)' }));

      const dialog = await screen.findByRole('dialog', { name: 'File Upload in Progress' });
      expect(
        within(dialog).getByText('Please wait until the file upload has completed.'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(
        screen.getByRole('tab', { name: 'Upload my transcript (fixture)', selected: true }),
      ).toBeInTheDocument();
      expect(store.getState().tabs).toEqual({});
      expect(server.calls().filter((call) => !call.startsWith('GET'))).toEqual([]);
    },
  );

  it('keeps the applicant on the tab while its document is still being fetched', async () => {
    const server = documentServer({
      'GET /api/tabs': {},
      'GET /api/document-answer': () => new Promise(() => {}),
      [`GET ${statusPath}`]: conversion('COMPLETED'),
    });
    const { user } = renderForm(page, loggedIn);
    await user.click(await screen.findByRole('tab', { name: 'Report my GPA (fixture)' }));
    expect(
      await screen.findByRole('dialog', { name: 'File Upload in Progress' }),
    ).toBeInTheDocument();
    expect(server.calls().filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it('deletes an attached file (conversion, then answer) before switching away from its tab', async () => {
    const server = documentServer({
      'GET /api/tabs': {},
      'PUT /api/tabs': { message: 'Saved.' },
      'GET /api/document-answer': attached,
      [`GET ${statusPath}`]: conversion('COMPLETED'),
      [`DELETE ${statusPath}`]: { message: 'Your file was deleted.' },
      'DELETE /api/document-answer/transcript_file': { message: 'Your file was deleted.' },
    });
    const { user, store } = renderForm(page, {
      ...loggedIn,
      initial: { answers: { transcript_file: 'ANSWERED' } },
    });
    await screen.findByText('transcript.pdf');
    await user.click(screen.getByRole('tab', { name: 'Report my GPA (fixture)' }));
    const asked = await screen.findByRole('dialog', {
      name: switchTabTexts.title('Report my GPA (fixture)'),
    });
    await user.click(within(asked).getByRole('button', { name: switchTabTexts.confirm() }));

    await screen.findByRole('tab', { name: 'Report my GPA (fixture)', selected: true });
    expect(server.calls().filter((call) => !call.startsWith('GET'))).toEqual([
      `DELETE ${statusPath}`,
      'DELETE /api/document-answer/transcript_file',
      'PUT /api/tabs',
    ]);
    expect(store.getState().answers.transcript_file).toBe('');
    expect(store.getState().tabs).toEqual({ transcript: 'self-report' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a switch deletes the uploaded file, and keeps it when the applicant says so', async () => {
    const server = documentServer({
      'GET /api/tabs': {},
      'GET /api/document-answer': attached,
      [`GET ${statusPath}`]: conversion('COMPLETED'),
    });
    const { user, store } = renderForm(page, {
      ...loggedIn,
      initial: { answers: { transcript_file: 'ANSWERED' } },
    });
    await screen.findByText('transcript.pdf');
    const gpaTab = screen.getByRole('tab', { name: 'Report my GPA (fixture)' });
    await user.click(gpaTab);

    const dialog = await screen.findByRole('dialog', {
      name: switchTabTexts.title('Report my GPA (fixture)'),
    });
    // The file is named by its question's label, read from the definition.
    expect(dialog).toHaveTextContent(switchTabTexts.body('unofficial transcript (fixture)'));
    const keep = within(dialog).getByRole('button', { name: switchTabTexts.cancel() });
    await waitFor(() => expect(keep).toHaveFocus());
    await user.click(keep);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByRole('tab', { name: 'Upload my transcript (fixture)', selected: true }),
    ).toBeInTheDocument();
    expect(screen.getByText('transcript.pdf')).toBeInTheDocument();
    expect(server.calls().filter((call) => !call.startsWith('GET'))).toEqual([]);
    expect(store.getState().answers.transcript_file).toBe('ANSWERED');
  });

  it('shows the File Upload in Progress dialog when the file cannot be deleted, and stays', async () => {
    const server = documentServer({
      'GET /api/tabs': {},
      'GET /api/document-answer': attached,
      [`GET ${statusPath}`]: conversion('COMPLETED'),
      [`DELETE ${statusPath}`]: json({ message: 'Nope.' }, 500),
    });
    const { user, store } = renderForm(page, {
      ...loggedIn,
      initial: { answers: { transcript_file: 'ANSWERED' } },
    });
    await screen.findByText('transcript.pdf');
    await user.click(screen.getByRole('tab', { name: 'Report my GPA (fixture)' }));
    await user.click(await screen.findByRole('button', { name: switchTabTexts.confirm() }));

    const dialog = await screen.findByRole('dialog', { name: 'File Upload in Progress' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(
      screen.getByRole('tab', { name: 'Upload my transcript (fixture)', selected: true }),
    ).toBeInTheDocument();
    expect(server.calls().filter((call) => !call.startsWith('GET'))).toEqual([
      `DELETE ${statusPath}`,
    ]);
    expect(store.getState().answers.transcript_file).toBe('ANSWERED');
  });

  it('shows a visitor only the default tab, and never calls /api', () => {
    const fetchMock = stubFetch(() => ({ transcript: 'self-report' }));
    renderForm(page);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Cumulative GPA (fixture)')).not.toBeInTheDocument();
    expect(screen.getByText('Unofficial Transcript (fixture)')).toBeInTheDocument();
    expect(screen.getByText(visitorUploadText())).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
