import { describe, expect, it } from 'vitest';
import complete from '../fixtures/answers/complete.json';
import { validate } from '../../src/engine/validation';
import { about } from '../../src/generated/validators.js';

/** SPEC §5 rules of the About You page at their boundaries, with "now" fixed at 15 June 2025. */
const now = new Date('2025-06-15T12:00:00');
const errorsOf = (changes: Record<string, string | undefined>) => {
  const answers: Record<string, string> = { ...complete };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete answers[key];
    else answers[key] = value;
  }
  return validate(about, answers, { now });
};
const messagesOf = (key: string, changes: Record<string, string | undefined>) =>
  errorsOf(changes)[key] ?? [];

describe('About You validation', () => {
  it('accepts a complete application', () => {
    expect(errorsOf({})).toEqual({});
  });

  it.each([
    ['first_name', 'First Name is required.'],
    ['last_name', 'Last Name is required.'],
    ['gender', 'Gender is required.'],
    ['address_line_1', 'Address is required.'],
    ['city', 'City is required.'],
    ['country', 'Country is required.'],
    ['birth_date', 'Date of Birth is required.'],
  ])('requires %s: "%s" when missing or empty', (key, message) => {
    expect(messagesOf(key, { [key]: undefined })).toEqual([message]);
    expect(messagesOf(key, { [key]: '' })).toEqual([message]);
  });

  describe('date of birth (age from the current year)', () => {
    it.each([
      ['2012-12-31', []],
      ['2012-01-01', []],
      ['2013-01-01', ['You must be 13 years or older to apply']],
      ['2025-06-15', ['You must be 13 years or older to apply']],
      ['1925-01-01', []],
      ['1924-12-31', ['This date is not supported. Please contact help support for assistance.']],
      ['2007-02-30', ['A valid date of birth is required.']],
      ['04/12/2007', ['A valid date of birth is required.']],
      ['2007-4-12', ['A valid date of birth is required.']],
    ])('%s gives %j', (birthDate, messages) => {
      expect(messagesOf('birth_date', { birth_date: birthDate })).toEqual(messages);
    });

    it('measures from the injected now', () => {
      expect(
        validate(
          about,
          { ...complete, birth_date: '2013-01-01' },
          { now: new Date('2026-01-02T00:00:00') },
        ),
      ).toEqual({});
    });
  });

  describe('phone numbers (area code and exchange start 2-9)', () => {
    it.each([
      ['(507) 555-0140', true],
      ['(200) 200-0000', true],
      ['(999) 999-9999', true],
      ['(107) 555-0140', false],
      ['(007) 555-0140', false],
      ['(507) 155-0140', false],
      ['(507) 055-0140', false],
      ['507-555-0140', false],
      ['5075550140', false],
      ['(507) 555-014', false],
      ['(507) 555-01400', false],
      ['(507)555-0140', false],
    ])('%s valid: %s', (phone, valid) => {
      expect(messagesOf('phone_home', { phone_home: phone })).toEqual(
        valid ? [] : ['Please enter a valid home phone number.'],
      );
      expect(messagesOf('phone_mobile', { phone_mobile: phone })).toEqual(
        valid ? [] : ['Please enter a valid cell phone number.'],
      );
    });

    it('needs a home phone when there is neither a cell phone nor an international number', () => {
      expect(messagesOf('phone_home', { phone_home: '', phone_mobile: '' })).toEqual([
        'Please enter either a home phone or cell phone number.',
      ]);
      expect(
        messagesOf('phone_home', {
          phone_home: undefined,
          phone_mobile: undefined,
          phone_international: '',
          optin_sms_ind: 'false',
        }),
      ).toEqual(['Please enter either a home phone or cell phone number.']);
      expect(errorsOf({ phone_home: '', phone_mobile: '(612) 555-0199' })).toEqual({});
      expect(
        errorsOf({ phone_home: '(507) 555-0140', phone_mobile: '', optin_sms_ind: 'false' }),
      ).toEqual({});
    });

    it('takes an international number alone', () => {
      expect(
        errorsOf({
          phone_home: '',
          phone_mobile: '',
          phone_international: '+44 20 7946 0958',
          optin_sms_ind: 'false',
        }),
      ).toEqual({});
    });

    it('needs a cell phone for text messages, whatever other number is given', () => {
      for (const others of [
        { phone_home: '(507) 555-0140' },
        { phone_international: '+44 20 7946 0958' },
      ]) {
        expect(
          messagesOf('phone_mobile', { phone_mobile: '', optin_sms_ind: 'true', ...others }),
        ).toEqual(['A cell phone number is required to receive text message updates.']);
      }
      expect(errorsOf({ phone_home: '', phone_mobile: '', optin_sms_ind: 'true' })).toEqual({
        phone_home: ['Please enter either a home phone or cell phone number.'],
        phone_mobile: ['A cell phone number is required to receive text message updates.'],
      });
      expect(errorsOf({ phone_mobile: '(612) 555-0199', optin_sms_ind: 'true' })).toEqual({});
    });
  });

  describe('address', () => {
    it.each([
      ['USA', ['State/Province is required.']],
      ['CAN', ['State/Province is required.']],
      ['MEX', []],
    ])('state for %s', (country, messages) => {
      expect(messagesOf('state', { country, state: '', zip: 'K1A 0B1' })).toEqual(messages);
      expect(messagesOf('state', { country, state: undefined, zip: 'K1A 0B1' })).toEqual(messages);
    });

    it.each([
      ['USA', '55057', []],
      ['USA', '55057-1234', []],
      ['USA', '5505', ['ZIP/Postal Code must be at least 5 characters.']],
      ['USA', '1', ['ZIP/Postal Code must be at least 5 characters.']],
      ['USA', '', ['ZIP/Postal Code is required.']],
      ['USA', undefined, ['ZIP/Postal Code is required.']],
      ['CAN', '', []],
      ['CAN', 'K1A', []],
    ])('ZIP for %s: %j gives %j', (country, zip, messages) => {
      expect(messagesOf('zip', { country, zip })).toEqual(messages);
    });

    it.each([
      ['2022-01-01', []],
      ['2021-12-31', ['The minimum supported year is 2022']],
      ['2028-12-31', []],
      ['2029-01-01', ['The maximum supported year is 2028']],
      ['', []],
      ['2021-02-30', []],
      ['not a date', []],
    ])('mailing effective date %j gives %j', (date, messages) => {
      expect(
        messagesOf('mailing_addr_effective_date', { mailing_addr_effective_date: date }),
      ).toEqual(messages);
    });

    it('moves the mailing-date bounds with now', () => {
      const later = validate(
        about,
        { ...complete, mailing_addr_effective_date: '2029-01-01' },
        { now: new Date('2026-03-01T00:00:00') },
      );
      expect(later.mailing_addr_effective_date).toBeUndefined();
    });
  });

  describe('parents and guardians', () => {
    it.each([
      ['', true],
      ['karin@example.com', true],
      ['k.l+apply@mail.example.co.uk', true],
      ['karin@example', false],
      ['karin example.com', false],
      ['@example.com', false],
      ['karin@', false],
    ])('e-mail %j valid: %s', (email, valid) => {
      expect(messagesOf('parent_email_address', { parent_email_address: email })).toEqual(
        valid ? [] : ['Parent 1/Guardian 1: Please enter a valid email address.'],
      );
      expect(messagesOf('parent_2_email_address', { parent_2_email_address: email })).toEqual(
        valid ? [] : ['Parent 2/Guardian 2: Please enter a valid email address.'],
      );
    });

    it('checks parent phones when given', () => {
      expect(messagesOf('parent_phone', { parent_phone: '(507) 155-0141' })).toEqual([
        'Parent 1/Guardian 1: Please enter a valid phone number.',
      ]);
      expect(messagesOf('parent_2_phone', { parent_2_phone: '651-555-0177' })).toEqual([
        'Parent 2/Guardian 2: Please enter a valid phone number.',
      ]);
      expect(errorsOf({ parent_phone: '', parent_2_phone: undefined })).toEqual({});
    });
  });

  it('reports all distinct messages of a field and never throws on odd input', () => {
    expect(validate(about, null, { now })).toEqual({});
    expect(validate(about, { first_name: 5 }, { now }).first_name).toEqual([
      'First Name is required.',
    ]);
    expect(() => about({})).not.toThrow();
  });
});
