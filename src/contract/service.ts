/** The service (staff) view's data (SPEC §6, §7), read with a staff link's service_token. */
import { documentAnswers, keyParams } from './documents';
import { allRequired, stringMap, type Wire } from './wire';

export const serviceTokenQuery = allRequired({
  service_token: { type: 'string', minLength: 1, maxLength: 1000 },
});

/** GET /service/tmp-pdf: what the staff view shows of one applicant. */
export const serviceAnswersReply = {
  200: allRequired({
    answer: stringMap,
    add_another: { type: 'object', additionalProperties: { type: 'integer' } },
    document_answer: documentAnswers,
    tabs: stringMap,
  }),
} as const;

export const serviceDocumentParams = keyParams;

export type ServiceAnswers = Wire<(typeof serviceAnswersReply)[200]>;
