// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageById } from '../../../src/forms/form-pages';
import { pageValidator } from '../../../src/forms/page-validators';
import type { CompiledValidator } from '../../../src/engine/validation';
import { createAjv } from '../../../scripts/build-validators';
import { pageOf, renderForm, type RenderFormOptions } from './render-form';
import { containing, labelOf, requiredMessage } from '../../helpers/shipped-texts';

describe('text question', () => {
  const page = pageOf([
    {
      type: 'text',
      key: 'first_name',
      label: 'Given Name (fixture)',
      required: true,
      hint: 'Legal name.',
    },
    { type: 'text', key: 'preferred_name', label: 'Called (fixture)', variant: 'outlined' },
    { type: 'text', key: 'alien_registration_number', label: 'A-Number', maxLength: 10 },
  ]);

  it('is labelled, limited to 45 characters by default, and stores what is typed', async () => {
    const { user, store } = renderForm(page);
    const input = screen.getByLabelText(/^Given Name \(fixture\)/) as HTMLInputElement;
    expect(input.maxLength).toBe(45);
    expect((screen.getByLabelText('A-Number') as HTMLInputElement).maxLength).toBe(10);
    await user.type(input, 'Ada');
    expect(input).toHaveValue('Ada');
    expect(store.getState().answers.first_name).toBe('Ada');
  });

  it('draws the underlined variant by default and the outlined one when asked', () => {
    renderForm(page);
    expect(screen.getByLabelText(/^Given Name \(fixture\)/).className).toContain(
      'question__input--underlined',
    );
    expect(screen.getByLabelText('Called (fixture)').className).toContain(
      'question__input--outlined',
    );
  });

  it('ties the hint to the input and marks it required', () => {
    renderForm(page);
    const input = screen.getByLabelText(/^Given Name \(fixture\)/);
    expect(input).toHaveAttribute('aria-describedby', 'first_name-hint');
    expect(document.getElementById('first_name-hint')?.textContent).toBe('Legal name.');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
    // The container carries the field key, the error summary's anchor.
    expect(input.closest('[id="first_name"]')).toBeInTheDocument();
  });

  it('shows errors only while the status is validating, tied with aria-describedby', async () => {
    const about = pageById('about')!;
    renderForm(about, { validatorOf: pageValidator, environment: { status: 'started' } });
    expect(screen.queryByText(requiredMessage('first_name'))).not.toBeInTheDocument();
    const input = document.getElementById('first_name-input')!;
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the engine error text, aria-invalid and the error id while validating', async () => {
    const about = pageById('about')!;
    const { user } = renderForm(about, {
      validatorOf: pageValidator,
      environment: { status: 'validating' },
    });
    const input = screen.getByRole('textbox', {
      name: labelOf('first_name'),
      description: containing(requiredMessage('first_name')),
    });
    expect(screen.getByText(requiredMessage('first_name'))).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'first_name-hint first_name-error');
    expect(document.getElementById('first_name-error')?.textContent).toBe(
      `Error: ${requiredMessage('first_name')}`,
    );
    await user.type(input, 'A');
    // The message goes after the frame that draws the key (the form store publishes it then).
    await waitFor(() =>
      expect(screen.queryByText(requiredMessage('first_name'))).not.toBeInTheDocument(),
    );
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});

describe('e-mail input', () => {
  const page = pageOf([
    { type: 'text', key: 'counselor_email', label: 'Counselor E-mail', inputType: 'email' },
    {
      type: 'text',
      key: 'parent_email_address',
      label: 'Parent E-mail',
      inputType: 'email',
      autocomplete: 'off',
    },
  ]);

  it('is an e-mail input with the saved address and the e-mail keyboard offered', async () => {
    const { user, store } = renderForm(page);
    const input = screen.getByLabelText('Counselor E-mail') as HTMLInputElement;
    expect(input.type).toBe('email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAttribute('inputmode', 'email');
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input).toHaveAttribute('autocapitalize', 'none');
    expect(input.maxLength).toBe(45);
    await user.type(input, 'ada@example.com');
    expect(store.getState().answers.counselor_email).toBe('ada@example.com');
  });

  it('keeps an autocomplete token the definition sets', () => {
    renderForm(page);
    expect(screen.getByLabelText('Parent E-mail')).toHaveAttribute('autocomplete', 'off');
  });
});

describe('maxLengthMode', () => {
  const limitRule = {
    type: 'object',
    properties: {
      school_name: {
        type: 'string',
        maxLength: 10,
        errorMessage: 'School Name must be 10 characters or fewer.',
      },
      note: { type: 'string', maxLength: 10, errorMessage: 'Keep the note to 10 characters.' },
    },
  };
  const validator = createAjv().compile(limitRule) as unknown as CompiledValidator;
  const page = pageOf([
    { type: 'text', key: 'school_name', label: 'School Name', maxLength: 10 },
    {
      type: 'text',
      key: 'school_name_long',
      label: 'Long School Name',
      maxLength: 10,
      maxLengthMode: 'stop-typing',
    },
    { type: 'textarea', key: 'note', label: 'Note', maxLength: 10, maxLengthMode: 'show-message' },
  ]);
  const messagePage = pageOf([
    {
      type: 'text',
      key: 'school_name',
      label: 'School Name',
      maxLength: 10,
      maxLengthMode: 'show-message',
    },
  ]);
  const validating: RenderFormOptions = {
    validatorOf: () => validator,
    environment: { status: 'validating' },
  };

  it('stops typing at the limit by default and with stop-typing, no message needed', async () => {
    const { user, store } = renderForm(page, validating);
    for (const label of ['School Name', 'Long School Name']) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.maxLength).toBe(10);
      await user.type(input, 'Springfield High');
      expect(input).toHaveValue('Springfiel');
    }
    expect(store.getState().answers.school_name).toBe('Springfiel');
    expect(screen.queryByText('School Name must be 10 characters or fewer.')).toBeNull();
  });

  it('with show-message, lets the applicant type past the limit and shows the rule’s message', async () => {
    const { user, store } = renderForm(messagePage, validating);
    const input = screen.getByLabelText('School Name') as HTMLInputElement;
    expect(input).not.toHaveAttribute('maxlength');
    await user.type(input, 'Springfield High');
    expect(input).toHaveValue('Springfield High');
    expect(store.getState().answers.school_name).toBe('Springfield High');
    expect(document.getElementById('school_name-error')?.textContent).toBe(
      'Error: School Name must be 10 characters or fewer.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, 'Springfiel');
    expect(document.getElementById('school_name-error')).toBeNull();
  });

  it('with show-message, shows the message only while messages show (not while started)', async () => {
    const { user } = renderForm(messagePage, {
      validatorOf: () => validator,
      environment: { status: 'started' },
    });
    const input = screen.getByLabelText('School Name') as HTMLInputElement;
    await user.type(input, 'Springfield High');
    expect(input).toHaveValue('Springfield High');
    expect(document.getElementById('school_name-error')).toBeNull();
  });

  it('with show-message, lets a text area run over, counting the characters too many', async () => {
    const { user, store } = renderForm(page, validating);
    const area = screen.getByLabelText('Note') as HTMLTextAreaElement;
    expect(area).not.toHaveAttribute('maxlength');
    await user.type(area, 'abcdefghijkl');
    expect(area).toHaveValue('abcdefghijkl');
    expect(counter('note')).toBe('You have 2 characters too many');
    await user.tab();
    expect(store.getState().answers.note).toBe('abcdefghijkl');
    expect(document.getElementById('note-error')?.textContent).toBe(
      'Error: Keep the note to 10 characters.',
    );
  });
});

describe('password question', () => {
  it('hides what is typed and limits it to 45 characters', async () => {
    const page = pageOf([{ type: 'password', key: 'pin', label: 'Portal PIN' }]);
    const { user, store } = renderForm(page);
    const input = screen.getByLabelText('Portal PIN') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.maxLength).toBe(45);
    await user.type(input, 'secret');
    expect(store.getState().answers.pin).toBe('secret');
  });
});

describe('masked inputs', () => {
  const page = pageOf([
    { type: 'phone', key: 'phone_home', label: 'Home Phone (fixture)' },
    { type: 'ssn', key: 'ssn', label: 'Social Security Number' },
  ]);

  it('formats a phone number as (ddd) ddd-dddd while typing', async () => {
    const { user, store } = renderForm(page);
    const input = screen.getByLabelText('Home Phone (fixture)') as HTMLInputElement;
    await user.type(input, '507');
    expect(input).toHaveValue('(507');
    await user.type(input, '5');
    expect(input).toHaveValue('(507) 5');
    await user.type(input, '551234');
    expect(input).toHaveValue('(507) 555-1234');
    await user.type(input, '99');
    expect(input).toHaveValue('(507) 555-1234');
    expect(store.getState().answers.phone_home).toBe('(507) 555-1234');
  });

  it('ignores letters and formats a pasted number with other punctuation', async () => {
    const { user, store } = renderForm(page);
    const input = screen.getByLabelText('Home Phone (fixture)') as HTMLInputElement;
    await user.type(input, 'ab5x');
    expect(input).toHaveValue('(5');
    await user.clear(input);
    await user.click(input);
    await user.paste('507.555.1234');
    expect(input).toHaveValue('(507) 555-1234');
    expect(store.getState().answers.phone_home).toBe('(507) 555-1234');
  });

  it.each(['+1 (507) 555-0140', '1-507-555-0140'])(
    'drops the country code 1 of a pasted %s',
    async (pasted) => {
      const { user, store } = renderForm(page);
      const input = screen.getByLabelText('Home Phone (fixture)') as HTMLInputElement;
      await user.click(input);
      await user.paste(pasted);
      expect(input).toHaveValue('(507) 555-0140');
      expect(input.selectionStart).toBe('(507) 555-0140'.length);
      expect(store.getState().answers.phone_home).toBe('(507) 555-0140');
    },
  );

  it('deletes the digit before a separator on Backspace', async () => {
    const { user } = renderForm(page);
    const input = screen.getByLabelText('Home Phone (fixture)') as HTMLInputElement;
    await user.type(input, '5075551');
    expect(input).toHaveValue('(507) 555-1');
    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('(507) 555');
    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('(507) 55');
  });

  it('keeps the caret after the same digit when typing in the middle', async () => {
    const { user } = renderForm(page);
    const input = screen.getByLabelText('Home Phone (fixture)') as HTMLInputElement;
    await user.type(input, '5075551234');
    // Put the caret after "(50" and type a digit: the rest moves along, the caret follows it.
    input.setSelectionRange(3, 3);
    await user.type(input, '9', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(input).toHaveValue('(509) 755-5123');
    expect(input.selectionStart).toBe(4);
  });

  it('formats a social-security-style number as 3-2-4 digits, typed or pasted', async () => {
    const { user, store } = renderForm(page);
    const input = screen.getByLabelText('Social Security Number') as HTMLInputElement;
    await user.type(input, '12345');
    expect(input).toHaveValue('123-45');
    await user.type(input, '67890');
    expect(input).toHaveValue('123-45-6789');
    await user.clear(input);
    await user.click(input);
    await user.paste('987 65 4321');
    expect(input).toHaveValue('987-65-4321');
    expect(store.getState().answers.ssn).toBe('987-65-4321');
  });
});

const counter = (key: string) => document.getElementById(`${key}-count`)?.textContent;

describe('text area', () => {
  const page = pageOf([
    { type: 'textarea', key: 'essay', label: 'Essay' },
    { type: 'textarea', key: 'short', label: 'Short', maxLength: 10 },
  ]);

  it('counts the characters left and commits only on blur', async () => {
    const { user, store } = renderForm(page);
    const area = screen.getByLabelText('Essay') as HTMLTextAreaElement;
    expect(area.maxLength).toBe(1500);
    expect(counter('essay')).toBe('You have 1500 characters remaining');
    await user.type(area, 'Hello');
    expect(counter('essay')).toBe('You have 1495 characters remaining');
    expect(store.getState().answers.essay).toBeUndefined();
    await user.tab();
    expect(store.getState().answers.essay).toBe('Hello');
    expect(area).toHaveAttribute('aria-describedby', 'essay-count');
  });

  it('stops at its limit', async () => {
    const { user, store } = renderForm(page);
    const area = screen.getByLabelText('Short') as HTMLTextAreaElement;
    await user.type(area, 'abcdefghijkl');
    expect(area).toHaveValue('abcdefghij');
    expect(counter('short')).toBe('You have 0 characters remaining');
    await user.tab();
    expect(store.getState().answers.short).toBe('abcdefghij');
  });

  it('shows an answer changed elsewhere', async () => {
    const { store, findByDisplayValue } = renderForm(page, {
      initial: { answers: { essay: 'A' } },
    });
    store.setAnswer('essay', 'Restored');
    expect(await findByDisplayValue('Restored')).toBeInTheDocument();
  });
});

describe('date', () => {
  const page = pageOf([{ type: 'date', key: 'birth_date', label: 'Birthday (fixture)' }]);

  it('commits a valid date', () => {
    const { store } = renderForm(page);
    const input = screen.getByLabelText('Birthday (fixture)') as HTMLInputElement;
    expect(input.type).toBe('date');
    fireEvent.change(input, { target: { value: '2007-03-14' } });
    expect(store.getState().answers.birth_date).toBe('2007-03-14');
  });

  it('clears the prior answer when the date becomes invalid or incomplete', () => {
    const { store } = renderForm(page, { initial: { answers: { birth_date: '2007-03-14' } } });
    const input = screen.getByLabelText('Birthday (fixture)') as HTMLInputElement;
    expect(input).toHaveValue('2007-03-14');
    // A browser reports '' while a segment is missing or the date does not exist (30 February).
    fireEvent.change(input, { target: { value: '2007-02-30' } });
    expect(store.getState().answers.birth_date).toBe('');
    fireEvent.change(input, { target: { value: '2008-02-29' } });
    expect(store.getState().answers.birth_date).toBe('2008-02-29');
    fireEvent.change(input, { target: { value: '' } });
    expect(store.getState().answers.birth_date).toBe('');
  });
});
