// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VISITOR_UPLOAD_TEXT } from '../../../src/client/questions/file-question';
import { pageOf, renderForm } from './render-form';

const page = pageOf([
  {
    type: 'file',
    key: 'transcript_file',
    label: 'Unofficial Transcript',
    hint: 'A PDF, Word document or photo, at most 1 MB.',
  },
]);

describe('file upload', () => {
  it('tells a visitor to create an account first', () => {
    renderForm(page);
    expect(VISITOR_UPLOAD_TEXT).toBe(
      'This question can be finished once you have created an account',
    );
    expect(screen.getByText(VISITOR_UPLOAD_TEXT)).toBeTruthy();
    expect(screen.getByText('Unofficial Transcript')).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('gives a logged-in applicant a labelled file input with its hint', () => {
    renderForm(page, { environment: { loggedIn: true } });
    const input = screen.getByLabelText('Unofficial Transcript') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.png,.jpeg,.jpg,.pdf,.docx');
    expect(input.getAttribute('aria-describedby')).toBe('transcript_file-hint');
    expect(screen.queryByText(VISITOR_UPLOAD_TEXT)).toBeNull();
  });

  it('shows a service user whether a document is attached', () => {
    renderForm(page, {
      environment: { serviceUser: true },
      initial: { answers: { transcript_file: 'ANSWERED' } },
    });
    expect(screen.getByText('Document attached')).toBeTruthy();
  });
});
