// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Question } from '../../../src/engine/definitions';
import { pasteMessages } from '../../../src/client/questions/parts/use-paste-elsewhere';
import {
  isInternationalNumber,
  phoneMask,
  ssnMask,
} from '../../../src/client/questions/parts/text-masks';
import { pageOf, renderForm } from './render-form';

const cell: Question = { type: 'phone', key: 'cell', label: 'Mobile (fixture)' };
const abroad: Question = {
  type: 'text',
  key: 'abroad',
  label: 'Number abroad',
  autocomplete: 'tel',
  maxLength: 25,
};
const pasted = '+44 20 7946 0958';

describe('international numbers pasted into a U.S. phone question', () => {
  it.each([
    ['+44 20 7946 0958', true],
    ['0044 20 7946 0958', true],
    ['011 81 90 1234 5678', true],
    ['442079460958', true],
    ['+1 (507) 555-0140', false],
    ['1-507-555-0140', false],
    ['507.555.0140', false],
    ['', false],
  ])('tells %j apart (international: %s)', (text, international) => {
    expect(isInternationalNumber(text)).toBe(international);
  });

  it('moves the number to the page’s international question and says so', async () => {
    const { user, store } = renderForm(pageOf([cell, abroad]));
    const input = screen.getByLabelText('Mobile (fixture)');
    await user.click(input);
    await user.paste(pasted);
    expect(input).toHaveValue('');
    expect(screen.getByLabelText('Number abroad')).toHaveValue(pasted);
    expect(store.getState().answers.cell ?? '').toBe('');
    expect(store.getState().answers.abroad).toBe(pasted);
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent(
      pasteMessages.moved(pasted, 'Mobile (fixture)', 'Number abroad'),
    );
    expect(input.getAttribute('aria-describedby')).toContain(note.id);
  });

  it('refuses it with a message when the page has no international question', async () => {
    const { user, store } = renderForm(pageOf([cell]));
    const input = screen.getByLabelText('Mobile (fixture)');
    await user.click(input);
    await user.paste(pasted);
    expect(input).toHaveValue('');
    expect(store.getState().answers.cell ?? '').toBe('');
    expect(screen.getByRole('status')).toHaveTextContent(
      pasteMessages.refused(pasted, 'Mobile (fixture)'),
    );
    // The message goes once the applicant types a number of their own.
    await user.type(input, '5075550140');
    expect(input).toHaveValue('(507) 555-0140');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('looks only in its own section: a parent’s phone never fills the applicant’s', async () => {
    const page = pageOf([cell, abroad]);
    const parent: Question = { type: 'phone', key: 'parent_phone', label: 'Parent phone' };
    page.sections.push({ id: 'parent', title: 'Parent', questions: [parent] });
    const { user, store } = renderForm(page);
    await user.click(screen.getByLabelText('Parent phone'));
    await user.paste(pasted);
    expect(store.getState().answers.abroad ?? '').toBe('');
    expect(screen.getByText(pasteMessages.refused(pasted, 'Parent phone'))).toBeVisible();
  });

  it('never overwrites a different international number already given', async () => {
    const { user, store } = renderForm(pageOf([cell, abroad]), {
      initial: { answers: { abroad: '+81 90 1234 5678' } },
    });
    await user.click(screen.getByLabelText('Mobile (fixture)'));
    await user.paste(pasted);
    expect(store.getState().answers.abroad).toBe('+81 90 1234 5678');
    expect(screen.getByRole('status')).toHaveTextContent(
      pasteMessages.occupied(pasted, 'Mobile (fixture)', 'Number abroad'),
    );
  });

  it('refuses rather than moves into an international question that is hidden', async () => {
    const hidden: Question = {
      ...abroad,
      condition: { valueKey: 'cell', operator: 'answered' },
    };
    const { user, store } = renderForm(pageOf([cell, hidden]));
    await user.click(screen.getByLabelText('Mobile (fixture)'));
    await user.paste(pasted);
    expect(store.getState().answers.abroad ?? '').toBe('');
    expect(screen.getByRole('status')).toHaveTextContent(
      pasteMessages.refused(pasted, 'Mobile (fixture)'),
    );
  });

  it('still formats a pasted North American number in place', async () => {
    const { user, store } = renderForm(pageOf([cell, abroad]));
    await user.click(screen.getByLabelText('Mobile (fixture)'));
    await user.paste('+1 (507) 555-0140');
    expect(store.getState().answers).toMatchObject({ cell: '(507) 555-0140' });
    expect(store.getState().answers.abroad ?? '').toBe('');
  });
});

/**
 * Puts a whole value in as a browser's autofill does: the value set behind React's back, then an
 * input event (Chromium's autofill sends one without an inputType, Firefox's an InputEvent with
 * insertReplacementText; a keyboard's suggestion an insertText of the whole number).
 */
function autofill(input: HTMLElement, value: string, init?: InputEventInit) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, value);
    input.dispatchEvent(
      init
        ? new InputEvent('input', { bubbles: true, ...init })
        : new Event('input', { bubbles: true }),
    );
  });
}

describe('international numbers a browser fills in whole', () => {
  it.each([
    ['an input event without inputType (Chromium)', undefined],
    ['insertReplacementText (Firefox)', { inputType: 'insertReplacementText' }],
    [
      'an insertText of the whole number (a keyboard’s suggestion)',
      { inputType: 'insertText', data: pasted },
    ],
    ['a drop', { inputType: 'insertFromDrop' }],
  ])('moves the number to the international question after %s', (_how, init) => {
    const { store } = renderForm(pageOf([cell, abroad]));
    const input = screen.getByLabelText('Mobile (fixture)');
    autofill(input, pasted, init);
    expect(input).toHaveValue('');
    expect(screen.getByLabelText('Number abroad')).toHaveValue(pasted);
    expect(store.getState().answers.cell ?? '').toBe('');
    expect(store.getState().answers.abroad).toBe(pasted);
    expect(screen.getByRole('status')).toHaveTextContent(
      pasteMessages.moved(pasted, 'Mobile (fixture)', 'Number abroad'),
    );
  });

  it('refuses it with a message, keeping the number the field held, when there is nowhere to go', () => {
    const { store } = renderForm(pageOf([cell]), {
      initial: { answers: { cell: '(507) 555-0140' } },
    });
    const input = screen.getByLabelText('Mobile (fixture)');
    autofill(input, pasted);
    expect(input).toHaveValue('(507) 555-0140');
    expect(store.getState().answers.cell).toBe('(507) 555-0140');
    expect(screen.getByRole('status')).toHaveTextContent(
      pasteMessages.refused(pasted, 'Mobile (fixture)'),
    );
  });

  it('still formats an autofilled North American number in place', () => {
    const { store } = renderForm(pageOf([cell, abroad]));
    autofill(screen.getByLabelText('Mobile (fixture)'), '+1 507 555 0140', {
      inputType: 'insertReplacementText',
    });
    expect(store.getState().answers).toMatchObject({ cell: '(507) 555-0140' });
    expect(store.getState().answers.abroad ?? '').toBe('');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('lets digits typed one by one through as before', async () => {
    const { user, store } = renderForm(pageOf([cell, abroad]));
    await user.type(screen.getByLabelText('Mobile (fixture)'), '44207946095');
    expect(store.getState().answers.cell).toBe('(442) 079-4609');
    expect(store.getState().answers.abroad ?? '').toBe('');
  });
});

describe('one masked-text question, configured by its mask', () => {
  it('draws the phone and the SSN with their own keyboard and autocomplete', () => {
    renderForm(
      pageOf([
        { type: 'phone', key: 'cell', label: 'Mobile (fixture)' },
        { type: 'ssn', key: 'ssn', label: 'Number' },
      ]),
    );
    const phone = screen.getByLabelText('Mobile (fixture)');
    const ssn = screen.getByLabelText('Number');
    expect(phone).toHaveAttribute('type', phoneMask.type);
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('autocomplete', phoneMask.autoComplete);
    expect(ssn).toHaveAttribute('type', 'text');
    expect(ssn).toHaveAttribute('inputmode', 'numeric');
    expect(ssn).toHaveAttribute('autocomplete', ssnMask.autoComplete);
    expect(ssn).toHaveAttribute('spellcheck', 'false');
    // The SSN cuts nothing a paste could bring elsewhere: it has no message region.
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
