/** Documents and the application PDF (SPEC §3, §7), for the signed-in applicant and for staff. */
import { allRequired, answerKey, type Wire } from './wire';

export const keyParams = allRequired({ key: answerKey });

/** SPEC §3 "Document conversion status". */
export const conversionReply = {
  200: allRequired({
    status: {
      type: 'string',
      enum: ['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'NOT_ANSWERED'],
    },
    message: { type: 'string' },
  }),
} as const;

export const presignBody = allRequired({ answer_key: answerKey });

/** SPEC §3 "Presigned upload response": post `fields` then the file to `url`. */
export const presignReply = {
  200: allRequired({
    url: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  }),
} as const;

/** An attached (or converting) document, by question key (SPEC §3 "Document answer"). */
const documentAnswer = allRequired({
  file_name: { type: 'string' },
  file_size: { type: 'integer' },
});

export const documentAnswers = { type: 'object', additionalProperties: documentAnswer } as const;

export const documentAnswersReply = { 200: documentAnswers } as const;

export const conversionBody = allRequired({
  file_key: { type: 'string', minLength: 1, maxLength: 512 },
  file_name: { type: 'string', minLength: 1, maxLength: 255 },
});

/** SPEC §3 "PDF status response". */
export const pdfReply = {
  200: allRequired({
    status: {
      type: 'string',
      enum: ['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'],
    },
    url: { type: 'string' },
    message: { type: 'string' },
  }),
} as const;

export type KeyParams = Wire<typeof keyParams>;
export type DocumentAnswer = Wire<typeof documentAnswer>;
export type DocumentAnswers = Wire<typeof documentAnswers>;
export type ConversionStatus = Wire<(typeof conversionReply)[200]>;
export type ConversionState = ConversionStatus['status'];
export type PresignBody = Wire<typeof presignBody>;
export type PresignedUpload = Wire<(typeof presignReply)[200]>;
export type ConversionBody = Wire<typeof conversionBody>;
export type PdfStatus = Wire<(typeof pdfReply)[200]>;
