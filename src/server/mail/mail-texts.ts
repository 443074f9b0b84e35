/**
 * The applicant mail's English, as ICU messages (`{name}` is filled in); the Spanish is in
 * src/server/i18n/messages.es.json under the same keys, `mail.<name>`.
 */
export const mailTexts = {
  footer: '{university}, {applicationTitle}. Questions? {helpEmail}',
  confirmationSubject: 'Your {university} confirmation code',
  confirmationThanks: 'Thank you for starting your application to {university}.',
  confirmationCode: 'Your confirmation code is {code}',
  confirmationEnter: 'Enter it on the Confirm Your Account page. The code expires in 24 hours.',
  confirmationIgnore: 'If you did not create an account, you can ignore this e-mail.',
  resetSubject: 'Reset your {university} application password',
  resetRequested: 'We received a request to reset the password of your application account.',
  resetLink: 'Open this link to choose a new password: {link}',
  resetExpires:
    'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail.',
  existsSubject: 'You already have a {university} application account',
  existsTried:
    'Someone, perhaps you, tried to create an application account with this e-mail address, but one already exists.',
  existsLogIn:
    'Log in at {link}. If you forgot your password, use "Forgot your password?" on that page.',
} as const;
