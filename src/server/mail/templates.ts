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
  paragraphs: string[],
  secretForLog?: string,
): MailMessage {
  const footer = `${sender.universityName}, ${sender.applicationTitle}. Questions? ${sender.helpEmail}`;
  return {
    to,
    subject,
    text: [...paragraphs, '', footer].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">${paragraphs
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('')}<hr><p style="color:#555">${escapeHtml(footer)}</p></body></html>`,
    secretForLog,
  };
}

export function confirmationCodeMail(to: string, code: string, sender: Sender): MailMessage {
  return message(
    to,
    `Your ${sender.universityName} confirmation code`,
    sender,
    [
      `Thank you for starting your application to ${sender.universityName}.`,
      `Your confirmation code is ${code}`,
      'Enter it on the Confirm Your Account page. The code expires in 24 hours.',
      'If you did not create an account, you can ignore this e-mail.',
    ],
    `code ${code}`,
  );
}

export function passwordResetMail(to: string, link: string, sender: Sender): MailMessage {
  return message(
    to,
    `Reset your ${sender.universityName} application password`,
    sender,
    [
      'We received a request to reset the password of your application account.',
      `Open this link to choose a new password: ${link}`,
      'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail.',
    ],
    `link ${link}`,
  );
}

export function accountExistsMail(to: string, loginLink: string, sender: Sender): MailMessage {
  return message(to, `You already have a ${sender.universityName} application account`, sender, [
    'Someone, perhaps you, tried to create an application account with this e-mail address, but one already exists.',
    `Log in at ${loginLink}. If you forgot your password, use "Forgot your password?" on that page.`,
  ]);
}
