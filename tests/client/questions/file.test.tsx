// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fileMessages } from '../../../src/engine/file-rules';
import { visitorUploadText } from '../../../src/client/messages';
import { conversion, documentServer, inTurn } from '../documents/document-server';
import { fileOf, stubUploads } from '../documents/fake-upload';
import { pageOf, renderForm } from './render-form';
import { preloadQuestionTypes } from '../../../src/client/questions/question-renderers';

// The question types /about does not use load apart in the browser (and in lazy-question.test.tsx);
// here they are loaded first, so that each renders in the same turn as the page.
beforeAll(() => preloadQuestionTypes());

const page = pageOf([
  {
    type: 'file',
    key: 'transcript_file',
    label: 'Unofficial Transcript (fixture)',
    hint: 'A PDF, Word document or photo, at most 1 MB.',
  },
]);

const loggedIn = { environment: { loggedIn: true } };
const statusPath = '/api/pdf/document-answer/transcript_file';
const presigned = {
  url: '/uploads',
  fields: {
    key: 'uploads/acc-1/transcript_file/tok',
    'x-amz-meta-account': 'acc-1',
    policy: 'cG9saWN5',
    signature: 'sig',
  },
};
const attached = { transcript_file: { file_name: 'transcript.png', file_size: 2048 } };

const converting = 'Converting your file to PDF…';
const fileInput = () =>
  screen.getByLabelText('Unofficial Transcript (fixture)') as HTMLInputElement;
const field = () => document.getElementById('transcript_file') as HTMLElement;

describe('file upload', () => {
  it('tells a visitor to create an account first', () => {
    renderForm(page);
    expect(visitorUploadText()).toBe(
      'This question can be finished once you have created an account',
    );
    expect(screen.getByText(visitorUploadText())).toBeInTheDocument();
    expect(screen.getByText('Unofficial Transcript (fixture)')).toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).not.toBeInTheDocument();
  });

  it('gives a logged-in applicant a labelled file input with its hint', async () => {
    const { calls } = documentServer({
      'GET /api/document-answer': {},
      [`GET ${statusPath}`]: conversion('NOT_ANSWERED'),
    });
    renderForm(page, loggedIn);
    const input = (await screen.findByLabelText(
      'Unofficial Transcript (fixture)',
    )) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.png,.jpeg,.jpg,.pdf,.docx');
    expect(input).toHaveAttribute('aria-describedby', 'transcript_file-hint');
    expect(screen.queryByText(visitorUploadText())).not.toBeInTheDocument();
    expect(calls().sort()).toEqual(['GET /api/document-answer', `GET ${statusPath}`]);
  });

  it.each([
    ['a file over 1 MB', fileOf('big.pdf', 1_048_577), fileMessages.tooLarge],
    [
      'a name of 33 characters',
      fileOf(`${'a'.repeat(29)}.pdf`, 10),
      'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
    ],
    [
      'a .gif',
      fileOf('photo.gif', 10, 'image/gif'),
      'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
    ],
    [
      'an empty file',
      fileOf('empty.pdf', 0),
      'Your file is empty. Please upload a non-empty file.',
    ],
  ])(
    'refuses %s in the browser, shown as the field error, and uploads nothing',
    async (_name, file, message) => {
      const uploads = stubUploads();
      const { calls } = documentServer({
        'GET /api/document-answer': {},
        [`GET ${statusPath}`]: conversion('NOT_ANSWERED'),
      });
      const { user } = renderForm(page, { ...loggedIn, userOptions: { applyAccept: false } });
      await user.upload(await screen.findByLabelText('Unofficial Transcript (fixture)'), file);

      await waitFor(() =>
        expect(document.getElementById('transcript_file-error')?.textContent).toBe(
          `Error: ${message}`,
        ),
      );
      expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
      expect(fileInput()).toHaveAttribute(
        'aria-describedby',
        'transcript_file-hint transcript_file-error',
      );
      expect(field().className).toContain('question--error');
      expect(uploads).toEqual([]);
      expect(calls().filter((call) => !call.startsWith('GET'))).toEqual([]);
    },
  );

  it('uploads: presign, the multipart form with a progress bar, convert, poll, then attached', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const uploads = stubUploads();
    const server = documentServer({
      'GET /api/document-answer': inTurn({}, attached),
      'POST /api/presigned-url': presigned,
      [`POST ${statusPath}`]: conversion('UNPROCESSED', 'Your file is waiting to be converted.'),
      [`GET ${statusPath}`]: inTurn(
        conversion('NOT_ANSWERED'),
        conversion('IN_PROGRESS'),
        conversion('COMPLETED'),
      ),
    });
    const { user, store } = renderForm(page, {
      ...loggedIn,
      userOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    const file = fileOf('transcript.png', 2048, 'image/png');
    await user.upload(await screen.findByLabelText('Unofficial Transcript (fixture)'), file);

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(server.bodies('POST', '/api/presigned-url')).toEqual([
      { answer_key: 'transcript_file' },
    ]);
    const upload = uploads[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/uploads');
    // Every field in order, the file last under "file"; no Content-Type of our own.
    expect(upload.entries()).toEqual([
      ['key', 'uploads/acc-1/transcript_file/tok'],
      ['x-amz-meta-account', 'acc-1'],
      ['policy', 'cG9saWN5'],
      ['signature', 'sig'],
      ['file', 'file:transcript.png:2048'],
    ]);
    expect(upload.headers).toEqual({});

    const bar = screen.getByRole('progressbar', { name: 'Uploading transcript.png' });
    expect(bar).toHaveAttribute('value', '0');
    act(() => upload.progress(1024, 2048));
    expect(bar).toHaveAttribute('value', '50');
    expect(field()).toHaveTextContent('50%');
    expect(screen.getByRole('status').textContent).toBe('Uploading transcript.png: 50%');
    expect(field()).toHaveAttribute('aria-busy', 'true');

    act(() => upload.respond(204));
    expect(
      await screen.findByText(converting, { selector: '.file-upload__converting' }),
    ).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-busy', 'true');
    expect(server.bodies('POST', statusPath)).toEqual([
      { file_key: 'uploads/acc-1/transcript_file/tok', file_name: 'transcript.png' },
    ]);

    // Polled every 2 s while unprocessed or in progress.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(
      screen.getByText(converting, { selector: '.file-upload__converting' }),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));

    expect(await screen.findByText('transcript.png')).toBeInTheDocument();
    expect(screen.getByText('2KB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(field()).not.toHaveAttribute('aria-busy');
    expect(store.getState().answers.transcript_file).toBe('ANSWERED');
    expect(server.calls().filter((call) => call === `GET ${statusPath}`)).toHaveLength(3);
    expect(server.calls().filter((call) => call === 'GET /api/document-answer')).toHaveLength(2);
    // Converted: the polling stops.
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(server.calls().filter((call) => call === `GET ${statusPath}`)).toHaveLength(3);
  });

  it('Delete opens the Delete File dialog: Cancel keeps the file, Delete removes both', async () => {
    const server = documentServer({
      'GET /api/document-answer': attached,
      [`GET ${statusPath}`]: conversion('COMPLETED'),
      [`DELETE ${statusPath}`]: { message: 'Your file was deleted.' },
      'DELETE /api/document-answer/transcript_file': { message: 'Your file was deleted.' },
    });
    const { user, store } = renderForm(page, {
      ...loggedIn,
      initial: { answers: { transcript_file: 'ANSWERED' } },
    });
    await screen.findByText('transcript.png');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete File' });
    expect(
      within(dialog).getByText('Are you sure you want to delete your file?'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('transcript.png')).toBeInTheDocument();
    expect(server.calls().filter((call) => call.startsWith('DELETE'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete File' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const input = await screen.findByLabelText('Unofficial Transcript (fixture)');
    expect(screen.queryByText('transcript.png')).not.toBeInTheDocument();
    expect(server.calls().filter((call) => call.startsWith('DELETE'))).toEqual([
      `DELETE ${statusPath}`,
      'DELETE /api/document-answer/transcript_file',
    ]);
    expect(store.getState().answers.transcript_file).toBe('');
    await waitFor(() => expect(input).toHaveFocus());
  });

  it('FAILED: clears the answer, shows "Error uploading file for {label}", and reset deletes the conversion', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = 'This PDF is protected by a password or encryption.';
    const server = documentServer({
      'GET /api/document-answer': {},
      [`GET ${statusPath}`]: inTurn(conversion('FAILED', failed), conversion('NOT_ANSWERED')),
      [`DELETE ${statusPath}`]: { message: 'Your file was deleted.' },
    });
    const { user, store } = renderForm(page, {
      ...loggedIn,
      initial: { answers: { transcript_file: 'ANSWERED' } },
    });

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error uploading file for Unofficial Transcript');
    expect(toast).toHaveTextContent(failed);
    expect(store.getState().answers.transcript_file).toBe('');
    expect(field()).toHaveTextContent(failed);

    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    const input = await screen.findByLabelText('Unofficial Transcript (fixture)');
    await waitFor(() =>
      expect(server.calls().filter((call) => call.startsWith('DELETE'))).toEqual([
        `DELETE ${statusPath}`,
      ]),
    );
    // The conversion and the document list are read again.
    await waitFor(() =>
      expect(server.calls().filter((call) => call === `GET ${statusPath}`)).toHaveLength(2),
    );
    expect(server.calls().filter((call) => call === 'GET /api/document-answer')).toHaveLength(2);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await waitFor(() => expect(input).toHaveFocus());
    quiet.mockRestore();
  });

  it.each([
    [
      'the local store, JSON',
      413,
      JSON.stringify({ message: fileMessages.tooLarge, code: 'FILE_TOO_LARGE' }),
      fileMessages.tooLarge,
    ],
    [
      'S3, XML',
      403,
      '<Error><Code>AccessDenied</Code></Error>',
      "We've encountered an unexpected error at this time. Please try again later.",
    ],
  ])(
    'a refused upload (%s) shows its message in the upload toast',
    async (_store, status, body, message) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const uploads = stubUploads();
      const server = documentServer({
        'GET /api/document-answer': {},
        'POST /api/presigned-url': presigned,
        [`GET ${statusPath}`]: conversion('NOT_ANSWERED'),
        [`DELETE ${statusPath}`]: { message: 'Your file was deleted.' },
      });
      const { user, store } = renderForm(page, loggedIn);
      await user.upload(
        await screen.findByLabelText('Unofficial Transcript (fixture)'),
        fileOf('a.pdf', 10),
      );
      await waitFor(() => expect(uploads).toHaveLength(1));
      act(() => uploads[0]!.respond(status, body));

      const toast = await screen.findByRole('alert');
      expect(toast).toHaveTextContent('Error uploading file for Unofficial Transcript');
      expect(toast).toHaveTextContent(message);
      expect(store.getState().answers.transcript_file).toBe('');
      // Nothing was converted.
      expect(server.bodies('POST', statusPath)).toEqual([]);
    },
  );
});
