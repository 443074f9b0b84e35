import type { Locale } from '../../contract/locale';
import { text } from '../i18n/server-i18n';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The code or link, shown in the development log only. */
  secretForLog?: string;
}

export interface Sender {
  universityName: string;
  applicationTitle: string;
  helpEmail: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function message(
  to: string,
  subject: string,
  sender: Sender,
  locale: Locale,
  paragraphs: string[],
  secretForLog?: string,
): MailMessage {
  const footer = text(locale, 'mail.footer', {
    university: sender.universityName,
    applicationTitle: sender.applicationTitle,
    helpEmail: sender.helpEmail,
  });
  return {
    to,
    subject,
    text: [...paragraphs, '', footer].join('\n\n'),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">${paragraphs
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('')}<hr><p style="color:#555">${escapeHtml(footer)}</p></body></html>`,
    secretForLog,
  };
}

/** The mail of a sign-up, in the language it was made in. */
export function confirmationCodeMail(
  to: string,
  code: string,
  sender: Sender,
  locale: Locale,
): MailMessage {
  const university = sender.universityName;
  return message(
    to,
    text(locale, 'mail.confirmationSubject', { university }),
    sender,
    locale,
    [
      text(locale, 'mail.confirmationThanks', { university }),
      text(locale, 'mail.confirmationCode', { code }),
      text(locale, 'mail.confirmationEnter'),
      text(locale, 'mail.confirmationIgnore'),
    ],
    `code ${code}`,
  );
}

/** A reset link, in the account's language. */
export function passwordResetMail(
  to: string,
  link: string,
  sender: Sender,
  locale: Locale,
): MailMessage {
  return message(
    to,
    text(locale, 'mail.resetSubject', { university: sender.universityName }),
    sender,
    locale,
    [
      text(locale, 'mail.resetRequested'),
      text(locale, 'mail.resetLink', { link }),
      text(locale, 'mail.resetExpires'),
    ],
    `link ${link}`,
  );
}

/** The notice to an account's owner that someone tried to sign up again, in the account's language. */
export function accountExistsMail(
  to: string,
  loginLink: string,
  sender: Sender,
  locale: Locale,
): MailMessage {
  return message(
    to,
    text(locale, 'mail.existsSubject', { university: sender.universityName }),
    sender,
    locale,
    [text(locale, 'mail.existsTried'), text(locale, 'mail.existsLogIn', { link: loginLink })],
  );
}
