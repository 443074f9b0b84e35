/**
 * The texts the client shows of its own that several modules share, in the page's language: each
 * a function, read when it is shown (the language is active by then). Most are SPEC's exact words
 * (§2, §4, §8), which tests compare letter for letter: the English lives in
 * src/client/i18n/messages.en.json, change it there and in the spec together. Texts the server
 * sends (a saved answer, a refused login) arrive in its replies and are shown as sent.
 */
import { t } from './i18n/i18n';

/** SPEC §8: any failure without a message of its own. */
export const genericErrorMessage = (): string => t('error.generic');

/** SPEC §8: a 401 from any call but the account ones. */
export const sessionInvalidMessage = (): string => t('error.sessionInvalid');

/** SPEC §4: the completion page, and the toast after submitting. */
export const submittedMessage = (): string => t('submit.success');

/** The server's SERVICE_TOKEN_INVALID text, for a link whose token is empty. */
export const staffLinkInvalidMessage = (): string => t('error.staffLinkInvalid');

/** After a logout that first saved the typed answers: kept, or not. */
export const answersKeptMessage = (): string => t('logout.answersKept');
export const answersNotKeptMessage = (): string => t('logout.answersNotKept');

/** SPEC §4 "PDF download": the toast when the application PDF cannot be had. */
export const pdfFailureMessage = (): string => t('pdf.failure');

/** SPEC §4 "File upload": a visitor sees this instead of the upload control. */
export const visitorUploadText = (): string => t('upload.visitor');

/** SPEC §4 "School search": shown above the school fields once they are filled in by hand. */
export const manualSchoolHint = (): string => t('school.manualHint');

/** SPEC §2: the generic fallback, for a screen or one area of it. */
export const fallbackTexts = () => ({
  title: t('fallback.title'),
  heading: t('fallback.heading'),
  body: t('fallback.body'),
});

/**
 * Issue 18: beside a step in the step navigation, read with the step's title, when the forms
 * changed the page since the applicant's last save (the page's notice: i18n/changes-texts.ts).
 */
export const definitionChangeTexts = {
  stepMark: () => t('changes.stepMark'),
  stepMarkHidden: () => t('changes.stepMarkHidden'),
};
