// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { focusField } from '../../../src/client/renderer/focus-field';
import { pageOf, renderForm } from '../questions/render-form';
import { preloadQuestionTypes } from '../../../src/client/questions/question-renderers';

// The question types /about does not use load apart in the browser (and in lazy-question.test.tsx);
// here they are loaded first, so that each renders in the same turn as the page.
beforeAll(() => preloadQuestionTypes());

const page = pageOf([
  { type: 'text', key: 'first_name', label: 'First Name (fixture)' },
  {
    type: 'radio',
    key: 'gender',
    label: 'Gender (fixture)',
    options: [
      { value: 'F', label: 'Female (fixture)' },
      { value: 'M', label: 'Male (fixture)' },
    ],
  },
  { type: 'select', key: 'entry_term', label: 'Term', options: [{ value: 'F', label: 'Fall' }] },
  { type: 'file', key: 'transcript_file', label: 'Transcript' },
]);

describe('focusField', () => {
  it('moves focus into the input of the field with that key', () => {
    renderForm(page);
    expect(focusField('first_name')).toBe(true);
    expect(screen.getByLabelText('First Name (fixture)')).toHaveFocus();
    expect(focusField('entry_term')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Term' })).toHaveFocus();
  });

  it('focuses the chosen radio of a group, or the first', () => {
    renderForm(page, { initial: { answers: { gender: 'M' } } });
    expect(focusField('gender')).toBe(true);
    expect(screen.getByLabelText('Male (fixture)')).toHaveFocus();
  });

  it('focuses a field with nothing to type into (the visitor upload note) itself', () => {
    renderForm(page);
    expect(focusField('transcript_file')).toBe(true);
    expect(document.activeElement?.id).toBe('transcript_file');
  });

  it('says false for a field that is not on the page', () => {
    renderForm(page);
    expect(focusField('nothing_here')).toBe(false);
  });
});
