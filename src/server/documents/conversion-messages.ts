/**
 * The texts an applicant sees about a conversion (GET /api/pdf/document-answer/{key} `message`),
 * in one place. A failure's text says what to do next; technical details go to the job's row.
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
