/** GET /api/staff/applications/:accountId/missing (issue 44): what a validating applicant lacks. */
import { allRequired, type Wire } from './wire';

const text = { type: 'string' } as const;

export const missingAnswersReply = {
  200: allRequired({
    pages: {
      type: 'array',
      items: allRequired({
        page: text,
        title: text,
        groups: {
          type: 'array',
          items: allRequired({ title: text, messages: { type: 'array', items: text } }),
        },
      }),
    },
  }),
} as const;

export type MissingAnswers = Wire<(typeof missingAnswersReply)[200]>;
