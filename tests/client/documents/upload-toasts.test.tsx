// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../src/engine/definitions';
import { pageOf, renderForm } from '../questions/render-form';
import { conversion, documentServer } from './document-server';
import { fileOf, stubUploads } from './fake-upload';

const label = 'Unofficial Transcript (fixture)';
const fileQuestion: Question = { type: 'file', key: 'transcript_file', label };
const statusPath = '/api/pdf/document-answer/transcript_file';
const failure = `Error uploading file for ${label}`;
const presigned = { url: '/uploads', fields: { key: 'uploads/acc-1/transcript_file/tok' } };

/** A server whose conversion says what `now.status` says, and lists the file once converted. */
function uploadServer() {
  const now = { status: 'NOT_ANSWERED' };
  const server = documentServer({
    'GET /api/tabs': {},
    'PUT /api/tabs': { message: 'Saved.' },
    'GET /api/document-answer': () =>
      now.status === 'COMPLETED'
        ? { transcript_file: { file_name: 'transcript.png', file_size: 2048 } }
        : {},
    'POST /api/presigned-url': presigned,
    [`POST ${statusPath}`]: () => {
      now.status = 'COMPLETED';
      return conversion('UNPROCESSED');
    },
    [`GET ${statusPath}`]: () => conversion(now.status),
    [`DELETE ${statusPath}`]: { message: 'Your file was deleted.' },
  });
  return server;
}

const failureToasts = () =>
  screen.queryAllByRole('alert').filter((toast) => toast.textContent?.includes(failure));

async function refuseOneUpload(user: ReturnType<typeof renderForm>['user']) {
  const uploads = stubUploads();
  await user.upload(await screen.findByLabelText(label), fileOf('transcript.png', 2048));
  await waitFor(() => expect(uploads).toHaveLength(1));
  act(() => uploads[0]!.respond(403, '<Error><Code>AccessDenied</Code></Error>'));
  await waitFor(() => expect(failureToasts()).toHaveLength(1));
  await user.click(screen.getByRole('button', { name: 'Choose another file' }));
  return uploads;
}

async function uploadAgain(user: ReturnType<typeof renderForm>['user'], uploads: unknown[]) {
  const before = uploads.length;
  await user.upload(await screen.findByLabelText(label), fileOf('transcript.png', 2048));
  await waitFor(() => expect(uploads).toHaveLength(before + 1));
  act(() => (uploads[before] as { respond: (status: number) => void }).respond(204));
  await act(() => vi.advanceTimersByTimeAsync(2000));
  await screen.findByText('transcript.png');
}

describe('an upload’s error toasts', () => {
  it('are closed by the upload that succeeds after them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    uploadServer();
    const { user } = renderForm(pageOf([fileQuestion]), {
      environment: { loggedIn: true },
      userOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    const uploads = await refuseOneUpload(user);
    await uploadAgain(user, uploads);
    expect(failureToasts()).toEqual([]);
  });

  it('are closed by a success after a switch to another tab and back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    uploadServer();
    const page = pageOf([
      {
        type: 'tabs',
        id: 'transcript',
        tabs: [
          { id: 'upload', label: 'Upload', file: 'transcript_file', questions: [fileQuestion] },
          { id: 'gpa', label: 'GPA', questions: [{ type: 'text', key: 'gpa', label: 'GPA' }] },
        ],
      },
    ]);
    const { user } = renderForm(page, {
      environment: { loggedIn: true },
      userOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    const uploads = await refuseOneUpload(user);
    // Nothing is attached after the refusal: the switch has nothing to delete and asks nothing.
    await user.click(await screen.findByRole('tab', { name: 'GPA' }));
    await screen.findByRole('tab', { name: 'GPA', selected: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Upload' }));
    await screen.findByRole('tab', { name: 'Upload', selected: true });
    expect(failureToasts()).toHaveLength(1);

    await uploadAgain(user, uploads);
    expect(failureToasts()).toEqual([]);
  });
});
