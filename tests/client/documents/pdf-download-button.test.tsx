// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  pdfRefetchInterval,
  PDF_PENDING_POLL_MS,
  PDF_SETTLED_POLL_MS,
} from '../../../src/client/documents/documents-api';
import { PdfDownloadButton } from '../../../src/client/documents/pdf-download-button';
import { pdfFailureMessage } from '../../../src/client/messages';
import { jsonResponse, renderApp } from '../render-app';
import {
  completeAnswers,
  fakeServer,
  findPage,
  logIn,
  profileOf,
  profileRoute,
  renderWithProviders,
  statuses,
} from '../session/session-fixtures';
import { json } from '../questions/render-form';
import { documentServer, inTurn } from './document-server';
import { pageTitle } from '../../helpers/shipped-texts';

const pdf = (status: string, url = '') => ({ status, url, message: `The PDF is ${status}.` });
const pdfCalls = (calls: string[]) => calls.filter((call) => call === 'GET /api/pdf').length;

describe('the PDF download button (SPEC §4 "PDF download")', () => {
  it('polls every second until the status is no longer pending, then every ten minutes', () => {
    expect(PDF_PENDING_POLL_MS).toBe(1000);
    expect(PDF_SETTLED_POLL_MS).toBe(600_000);
    expect(pdfRefetchInterval('UNPROCESSED', false)).toBe(1000);
    expect(pdfRefetchInterval('IN_PROGRESS', false)).toBe(1000);
    expect(pdfRefetchInterval('COMPLETED', false)).toBe(600_000);
    expect(pdfRefetchInterval('FAILED', false)).toBe(600_000);
    // A failed call is not hammered every second.
    expect(pdfRefetchInterval('UNPROCESSED', true)).toBe(600_000);
  });

  it('is busy while the PDF is prepared, then a link that downloads it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = documentServer({
      'GET /api/pdf': inTurn(
        pdf('UNPROCESSED'),
        pdf('IN_PROGRESS'),
        pdf('COMPLETED', '/api/pdf/file'),
      ),
    });
    try {
      renderWithProviders(<PdfDownloadButton />);
      const button = await screen.findByRole('button', { name: 'Preparing your PDF…' });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('button', { name: 'Preparing your PDF…' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1000));

      const link = await screen.findByRole('link', { name: 'Download a PDF copy' });
      expect(link).toHaveAttribute('href', '/api/pdf/file');
      expect(link).toHaveAttribute('download');
      expect(pdfCalls(server.calls())).toBe(3);
      // Settled: the next look is ten minutes later.
      await act(() => vi.advanceTimersByTimeAsync(599_000));
      expect(pdfCalls(server.calls())).toBe(3);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(pdfCalls(server.calls())).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('FAILED shows the error toast once, and the button asks again', async () => {
    const server = documentServer({
      'GET /api/pdf': inTurn(pdf('FAILED'), pdf('FAILED'), pdf('COMPLETED', '/api/pdf/file')),
    });
    const { user } = renderWithProviders(<PdfDownloadButton />);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(pdfFailureMessage());
    expect(pdfFailureMessage()).toBe('Error downloading PDF copy of your application.');
    expect(toast).toHaveTextContent('The PDF is FAILED.');

    await user.click(screen.getByRole('button', { name: 'Download a PDF copy' }));
    // Failed again: reported again.
    await vi.waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Download a PDF copy' }));
    expect(await screen.findByRole('link', { name: 'Download a PDF copy' })).toBeInTheDocument();
    expect(pdfCalls(server.calls())).toBe(3);
  });

  it('a failed call shows the same toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    documentServer({ 'GET /api/pdf': json({ message: 'Down for maintenance.' }, 503) });
    renderWithProviders(<PdfDownloadButton />);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(pdfFailureMessage());
    expect(toast).toHaveTextContent('Down for maintenance.');
    expect(screen.getByRole('button', { name: 'Download a PDF copy' })).toBeInTheDocument();
  });

  it('is on the form pages of a logged-in applicant', async () => {
    logIn();
    const { pdfCalls: polled } = fakeServer(profileRoute(profileOf()));
    renderApp('/about');
    await findPage(pageTitle('about'));
    const link = await screen.findByRole('link', { name: 'Download a PDF copy' });
    expect(link).toHaveAttribute('href', '/api/pdf/file');
    expect(polled.length).toBeGreaterThan(0);
  });

  it('is not there for a visitor, who never calls /api/pdf', async () => {
    const { fetchMock } = fakeServer();
    renderApp('/about');
    await findPage(pageTitle('about'));
    expect(screen.queryByRole('link', { name: 'Download a PDF copy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is on the completion page', async () => {
    logIn();
    fakeServer({
      ...profileRoute(
        profileOf({
          answer: completeAnswers,
          web_status: statuses('started', 'validating', 'submitted'),
        }),
      ),
      'GET /api/pdf': jsonResponse(pdf('COMPLETED', '/api/pdf/file')),
    });
    renderApp('/completion');
    await screen.findByRole('heading', { level: 1, name: 'Application submitted' });
    expect(await screen.findByRole('link', { name: 'Download a PDF copy' })).toBeInTheDocument();
  });
});
