/**
 * The application PDF's own English (ICU messages, `{name}` filled in), and the status texts of
 * GET /api/pdf; the Spanish is in src/server/i18n/messages.es.json as `pdf.<name>`.
 */
export const pdfTexts = {
  applicant: 'Applicant',
  submitted: 'Submitted',
  generated: 'Generated',
  noAnswers: 'No questions on this page have been answered.',
  pageOf: 'Page {page} of {pages}',
  attachment: '{label}: {fileName}',
  yes: 'Yes',
  no: 'No',
  documentAttached: 'Document attached',
  documentAttachedNamed: 'Document attached: {fileName}',
  statusPreparing: 'The PDF of your application is being prepared.',
  statusReady: 'The PDF of your application is ready.',
  statusFailed: 'We could not prepare the PDF of your application. Please try again later.',
} as const;
