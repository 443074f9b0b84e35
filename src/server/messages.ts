/**
 * Every text the server answers a success with, in one place so no route invents its own; its
 * error texts are in errors.ts. English: a route says one in the request's language with
 * `textFor(request, 'messages.<name>')` (i18n/request-locale.ts; the Spanish is in
 * i18n/messages.es.json).
 */
export const messages = {
  signedUp: 'Check your e-mail for a 6-digit confirmation code to confirm your account.',
  confirmed: 'Your account is confirmed. You can now log in.',
  codeResent: 'If that account is waiting for confirmation, we have e-mailed it a new code.',
  loggedIn: 'You are logged in.',
  resetSent:
    'If an account exists for that e-mail address, we have sent it a link to reset your password.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  loggedOut: 'You have been logged out.',
  answersSaved: 'Your answers have been saved.',
  saved: 'Saved.',
  submitted: 'Your application was successfully submitted.',
  fileDeleted: 'Your file was deleted.',
} as const;
