/**
 * The texts the client shows of its own, in one place. Most are SPEC's exact words (§2, §4, §8),
 * which tests compare letter for letter: change one here and in the spec together. Texts the
 * server sends (a saved answer, a refused login) arrive in its replies and are shown as sent.
 */

/** SPEC §8: any failure without a message of its own. */
export const genericErrorMessage =
  "We've encountered an unexpected error at this time. Please try again later.";

/** SPEC §8: a 401 from any call but the account ones. */
export const sessionInvalidMessage =
  'Your session is invalid. Please clear your cookies and login again.';

/** SPEC §4: the completion page, and the toast after submitting. */
export const submittedMessage = 'Your application was successfully submitted.';

/** SPEC §2: the notice after an idle logout. */
export const inactivityMessage = 'You have been automatically logged out due to inactivity.';

/** The server's SERVICE_TOKEN_INVALID text, for a link whose token is empty. */
export const staffLinkInvalidMessage = 'This staff link is not valid. Please ask for a new link.';

/** After a logout that first saved the typed answers: kept, or not. */
export const answersKeptMessage = 'Your answers have been saved.';
export const answersNotKeptMessage =
  'We could not save your latest answers before logging you out. Please log in and check them.';

/** SPEC §4 "PDF download": the toast when the application PDF cannot be had. */
export const pdfFailureMessage = 'Error downloading PDF copy of your application.';

/** SPEC §4 "File upload": a visitor sees this instead of the upload control. */
export const visitorUploadText = 'This question can be finished once you have created an account';

/** SPEC §4 "School search": shown above the school fields once they are filled in by hand. */
export const manualSchoolHint = 'Enter your school information below.';

/** SPEC §2: the generic fallback, for a screen or one area of it. */
export const fallbackTexts = {
  title: 'Something went wrong',
  heading: 'Something went wrong.',
  body: 'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.',
} as const;

/** An account card of SPEC §6: its title (also "<title> Error" on a toast) and footer link. */
const card = (title: string, question: string, linkText: string) => ({
  title,
  footer: { question, linkText },
});

export const authCards = {
  login: card('Log In', "Don't have an account?", 'Sign Up'),
  signUp: card('Sign Up', 'Already have an account?', 'Log In'),
  confirm: {
    ...card('Confirm Your Account', 'Already confirmed?', 'Log In'),
    resendTitle: 'Resend Confirmation Code',
  },
  forgotPassword: card('Forgot Password', 'Remembered your password?', 'Log In'),
  resetPassword: card('Reset Password', 'Need a new link?', 'Forgot Password'),
};

const count = (n: number, one: string, many: string) =>
  n === 1 ? one : many.replace('#', String(n));

/** Issue 18: the notice on a page the forms changed since the applicant's last save. */
export const definitionChangeTexts = {
  title: 'This page has changed since your last visit',
  added: (n: number) =>
    count(
      n,
      'We added 1 question since your last visit:',
      'We added # questions since your last visit:',
    ),
  options: (n: number) =>
    count(
      n,
      'An option you chose is no longer offered. Please choose again:',
      '# options you chose are no longer offered. Please choose again:',
    ),
  /** A link to a question whose chosen option went: its label and the option as chosen. */
  option: (label: string, was: string) => `${label} (you chose “${was}”)`,
  removed: (n: number) =>
    count(
      n,
      'We no longer ask 1 question you answered. Your answer is kept for the admissions office.',
      'We no longer ask # questions you answered. Your answers are kept for the admissions office.',
    ),
  /** Beside a step in the step navigation, read with the step's title. */
  stepMark: 'Changed',
  stepMarkHidden: ' since your last visit',
} as const;
