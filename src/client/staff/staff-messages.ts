/** The console's own wording: kept here, not in messages.ts, so none of it loads for applicants. */
export const staffMessages = {
  sessionEnded: 'Your staff session has ended. Please sign in again.',
  ssoRefused:
    'Single sign-on did not sign you in. Only e-mail addresses added as staff may use it; ask an administrator.',
  signedOut: 'You have signed out.',
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  reversedRange: 'The start date must be on or before the end date.',
  emailMissing: 'Enter an e-mail address.',
  linkDays: 'Enter a whole number of days from 1 to 90.',
  passwordsDiffer: 'The two passwords are not the same. Type the new password again.',
  confirmMismatch: 'The e-mail address you typed does not match.',
};
