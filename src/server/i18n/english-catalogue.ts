/**
 * The server's applicant texts in English, gathered from the modules that write them (errors.ts,
 * messages.ts, the conversion and file messages, the mail and the PDF) under flat keys, as ICU
 * messages: an error's `%s` becomes `{0}`, `{1}`… in order. The English stays where it is used;
 * messages.es.json holds the Spanish under the same keys (a test keeps the two in step).
 */
import { fileMessages } from '../../engine/file-rules';
import { conversionMessages } from '../conversion/conversion-messages';
import { errorCatalogue, type ErrorName } from '../errors';
import { mailTexts } from '../mail/mail-texts';
import { messages } from '../messages';
import { pdfTexts } from '../pdf/pdf-texts';

/**
 * Errors only staff, the operators or a staff link's holder meet: the staff side stays English
 * (ARCHITECTURE §17), so they have no Spanish.
 */
const staffOnly = new Set<string>([
  'METRICS_UNAUTHORIZED',
  'APPLICATION_NOT_FOUND',
  'PACKET_NOT_READY',
  'PACKET_NOT_SUBMITTED',
  'APPLICANT_ID_UNKNOWN',
  'APPLICANT_EMAIL_UNKNOWN',
  'LINK_UNKNOWN',
  'DATA_REQUEST_UNCONFIRMED',
  'AUDIT_DATES_REVERSED',
]);

/** Whether an error's message is said in the applicant's language. */
export const isApplicantError = (name: string): boolean =>
  !staffOnly.has(name) && !name.startsWith('STAFF_') && !name.startsWith('SERVICE_');

type ApplicantErrorName = Exclude<ErrorName, `STAFF_${string}` | `SERVICE_${string}`>;

export type TextId =
  | `errors.${ApplicantErrorName}`
  | `messages.${keyof typeof messages}`
  | `conversion.${Exclude<keyof typeof conversionMessages, 'notAnswered'>}`
  | `file.${keyof typeof fileMessages}`
  | `mail.${keyof typeof mailTexts}`
  | `pdf.${keyof typeof pdfTexts}`;

/** An error template's `%s` placeholders as ICU's numbered arguments. */
function numbered(template: string): string {
  let next = 0;
  return template.replace(/%s/g, () => `{${next++}}`);
}

function prefixed(
  prefix: string,
  texts: Readonly<Record<string, string>>,
): Array<[string, string]> {
  // An empty text (a conversion that has nothing to say) has nothing to translate.
  return Object.entries(texts)
    .filter(([, text]) => text !== '')
    .map(([name, text]) => [`${prefix}.${name}`, text]);
}

export const englishCatalogue: Readonly<Record<TextId, string>> = Object.fromEntries([
  ...Object.entries(errorCatalogue)
    .filter(([name]) => isApplicantError(name))
    .map(([name, { message }]) => [`errors.${name}`, numbered(message)]),
  ...prefixed('messages', messages),
  ...prefixed('conversion', conversionMessages),
  ...prefixed('file', fileMessages),
  ...prefixed('mail', mailTexts),
  ...prefixed('pdf', pdfTexts),
]) as Record<TextId, string>;
