import { describe, expect, it } from 'vitest';
import { fieldView } from '../../src/engine/field-view';
import { pageById } from '../../src/forms/form-pages';
import { labelOf, questionOf, requiredMessage, ruleMessage } from '../helpers/shipped-texts';

const about = pageById('about')!;
const errors = {
  first_name: [requiredMessage('first_name')],
  zip: [ruleMessage('zip', { keyword: 'pattern' })],
};

describe('fieldView', () => {
  it('shows errors only while validating, tied to the input with aria-describedby', () => {
    expect(fieldView(about, 'first_name', { answers: {} }, errors, 'validating')).toEqual({
      key: 'first_name',
      visible: true,
      label: labelOf('first_name'),
      hint: questionOf('first_name').hint,
      required: true,
      maxLength: 45,
      errors: [requiredMessage('first_name')],
      errorText: requiredMessage('first_name'),
      hintId: 'first_name-hint',
      errorId: 'first_name-error',
      describedBy: 'first_name-hint first_name-error',
    });
    const started = fieldView(about, 'first_name', { answers: {} }, errors, 'started');
    expect(started.errors).toEqual([]);
    expect(started.errorText).toBeUndefined();
    expect(started.describedBy).toBe('first_name-hint');
  });

  it('marks the ZIP required only for the USA, and hides the state outside the USA and Canada', () => {
    expect(fieldView(about, 'zip', { answers: { country: 'USA' } }, {}, null).required).toBe(true);
    expect(fieldView(about, 'zip', { answers: { country: 'CAN' } }, {}, null).required).toBe(false);
    expect(fieldView(about, 'state', { answers: { country: 'MEX' } }, {}, null).visible).toBe(
      false,
    );
    expect(fieldView(about, 'state', { answers: { country: 'CAN' } }, {}, null)).toMatchObject({
      visible: true,
      label: 'State/Province',
      required: true,
    });
  });

  it('marks the home phone required without a cell or international number, the cell for texts', () => {
    const required = (key: string, answers: Record<string, string>) =>
      fieldView(about, key, { answers }, {}, null).required;
    expect(required('phone_home', {})).toBe(true);
    expect(required('phone_home', { phone_mobile: '(507) 555-0140' })).toBe(false);
    expect(required('phone_home', { phone_international: '+44 20 7946 0958' })).toBe(false);
    expect(required('phone_mobile', {})).toBe(false);
    expect(required('phone_mobile', { phone_home: '(507) 555-0140', optin_sms_ind: 'true' })).toBe(
      true,
    );
  });

  it('shows no error for a hidden field, and nothing for a key the page does not ask', () => {
    const hidden = fieldView(
      about,
      'legacy_first_name',
      { answers: {} },
      { legacy_first_name: ['x'] },
      'validating',
    );
    expect(hidden).toMatchObject({ visible: false, errors: [] });
    expect(fieldView(about, 'entry_term', { answers: {} }, {}, null)).toMatchObject({
      visible: false,
      label: '',
    });
  });
});
