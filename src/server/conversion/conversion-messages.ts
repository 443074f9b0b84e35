/**
 * The texts an applicant sees about a conversion (GET /api/pdf/document-answer/{key} `message`),
 * in one place. A failure's text says what to do next; technical details go to the job's row.
 * Kept in English with the job; the routes say it in the request's language (i18n/server-i18n.ts).
 */
export const conversionMessages = {
  unprocessed: 'Your file is waiting to be converted to PDF.',
  inProgress: 'Your file is being converted to PDF.',
  completed: 'Your file was converted to PDF.',
  notAnswered: '',
  pdfEncrypted:
    'This PDF is protected by a password or encryption. Please upload a copy without protection.',
  pdfUnreadable:
    'This PDF could not be read. It may be damaged: please save it again and upload the new copy.',
  imageUnreadable:
    'This image could not be read. It may be damaged: please save it again and upload the new copy.',
  docxUnreadable:
    'This Word document could not be read. Please save it again, or save it as a PDF and upload that.',
  docxTooLarge:
    'This Word document is too large once unpacked. Please save it as a PDF and upload that.',
  imageTooLarge:
    'This image has too many pixels to convert. Please save a smaller copy (a scan at 300 dpi is plenty) and upload that.',
  tooManyPages:
    'This document has too many pages once converted. Please upload only the pages we asked for.',
  pdfTooLarge:
    'This PDF is too large once unpacked. Please save a smaller copy (for example with "Print to PDF") and upload that.',
  tooSlow:
    'This file took too long to convert. Please save it as a PDF and upload that, or upload a smaller file.',
  tooComplex:
    'This file needs too much memory to convert. Please save it as a PDF and upload that, or upload a smaller file.',
  applicationTooLarge:
    'The PDF of your application would be too large with the documents attached. Please replace the largest documents with shorter ones.',
  uploadMissing: 'We did not receive your file. Please choose your file again.',
  failed: 'We could not convert your file. Please try again, or save it as a PDF and upload that.',
} as const;

/** A file that cannot become a PDF, with the text that tells the applicant why. */
export class ConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionError';
  }
}
