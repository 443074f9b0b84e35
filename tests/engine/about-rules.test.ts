import { describe, expect, it } from 'vitest';
import complete from '../fixtures/answers/complete.json';
import { validate } from '../../src/engine/validation';
import { about } from '../../src/generated/validators.js';
import { requiredMessage, ruleMessage } from '../helpers/shipped-texts';

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
const yearMessage = (keyword: string, year: number) =>
  ruleMessage('mailing_addr_effective_date', { keyword, values: { year } });

describe('About You validation', () => {
  it('accepts a complete application', () => {
    expect(errorsOf({})).toEqual({});
  });

  it.each([
    ['first_name', requiredMessage('first_name')],
    ['last_name', requiredMessage('last_name')],
    ['gender', requiredMessage('gender')],
    ['address_line_1', requiredMessage('address_line_1')],
    ['city', requiredMessage('city')],
    ['country', requiredMessage('country')],
    ['birth_date', requiredMessage('birth_date')],
  ])('requires %s: "%s" when missing or empty', (key, message) => {
    expect(messagesOf(key, { [key]: undefined })).toEqual([message]);
    // An empty answer is caught by the property's own rule, whose message may be worded apart.
    expect(messagesOf(key, { [key]: '' })).toEqual([ruleMessage(key, { keyword: 'minLength' })]);
  });

  describe('date of birth (age from the current year)', () => {
    it.each([
      ['2012-12-31', []],
      ['2012-01-01', []],
      ['2013-01-01', [ruleMessage('birth_date', { keyword: 'minAge' })]],
      ['2025-06-15', [ruleMessage('birth_date', { keyword: 'minAge' })]],
      ['1925-01-01', []],
      ['1924-12-31', [ruleMessage('birth_date', { keyword: 'maxAge' })]],
      ['2007-02-30', [ruleMessage('birth_date', { keyword: 'isoDate' })]],
      ['04/12/2007', [ruleMessage('birth_date', { keyword: 'isoDate' })]],
      ['2007-4-12', [ruleMessage('birth_date', { keyword: 'isoDate' })]],
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
        valid ? [] : [ruleMessage('phone_home')],
      );
      expect(messagesOf('phone_mobile', { phone_mobile: phone })).toEqual(
        valid ? [] : [ruleMessage('phone_mobile')],
      );
    });

    it('needs a home phone when there is neither a cell phone nor an international number', () => {
      expect(messagesOf('phone_home', { phone_home: '', phone_mobile: '' })).toEqual([
        requiredMessage('phone_home'),
      ]);
      expect(
        messagesOf('phone_home', {
          phone_home: undefined,
          phone_mobile: undefined,
          phone_international: '',
          optin_sms_ind: 'false',
        }),
      ).toEqual([requiredMessage('phone_home')]);
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
        ).toEqual([requiredMessage('phone_mobile')]);
      }
      expect(errorsOf({ phone_home: '', phone_mobile: '', optin_sms_ind: 'true' })).toEqual({
        phone_home: [requiredMessage('phone_home')],
        phone_mobile: [requiredMessage('phone_mobile')],
      });
      expect(errorsOf({ phone_mobile: '(612) 555-0199', optin_sms_ind: 'true' })).toEqual({});
    });
  });

  describe('address', () => {
    it.each([
      ['USA', [requiredMessage('state')]],
      ['CAN', [requiredMessage('state')]],
      ['MEX', []],
    ])('state for %s', (country, messages) => {
      expect(messagesOf('state', { country, state: '', zip: 'K1A 0B1' })).toEqual(messages);
      expect(messagesOf('state', { country, state: undefined, zip: 'K1A 0B1' })).toEqual(messages);
    });

    it.each([
      ['USA', '55057', []],
      ['USA', '55057-1234', []],
      ['USA', '5505', [ruleMessage('zip', { keyword: 'pattern' })]],
      ['USA', '1', [ruleMessage('zip', { keyword: 'pattern' })]],
      ['USA', '', [requiredMessage('zip')]],
      ['USA', undefined, [requiredMessage('zip')]],
      ['CAN', '', []],
      ['CAN', 'K1A', []],
    ])('ZIP for %s: %j gives %j', (country, zip, messages) => {
      expect(messagesOf('zip', { country, zip })).toEqual(messages);
    });

    it.each([
      ['2022-01-01', []],
      ['2021-12-31', [yearMessage('minYearFromNow', 2022)]],
      ['2028-12-31', []],
      ['2029-01-01', [yearMessage('maxYearFromNow', 2028)]],
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
        valid ? [] : [ruleMessage('parent_email_address')],
      );
      expect(messagesOf('parent_2_email_address', { parent_2_email_address: email })).toEqual(
        valid ? [] : [ruleMessage('parent_2_email_address')],
      );
    });

    it('checks parent phones when given', () => {
      expect(messagesOf('parent_phone', { parent_phone: '(507) 155-0141' })).toEqual([
        ruleMessage('parent_phone'),
      ]);
      expect(messagesOf('parent_2_phone', { parent_2_phone: '651-555-0177' })).toEqual([
        ruleMessage('parent_2_phone'),
      ]);
      expect(errorsOf({ parent_phone: '', parent_2_phone: undefined })).toEqual({});
    });
  });

  it('reports all distinct messages of a field and never throws on odd input', () => {
    expect(validate(about, null, { now })).toEqual({});
    expect(validate(about, { first_name: 5 }, { now }).first_name).toEqual([
      requiredMessage('first_name'),
    ]);
    expect(() => about({})).not.toThrow();
  });
});
