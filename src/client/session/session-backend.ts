import type { Answers } from '../../engine/definitions';
import type { FieldErrors } from '../../engine/validation';
import type { WebStatus } from '../../engine/web-status';
import type { MessageResponse } from '../../contract/wire';
import type { PostableStatus } from '../api/application-api';

/**
 * A signed-in applicant's calls of SPEC §7 as the session's actions use them, with the cached
 * profile kept in step (session/signed-in-backend.ts, through TanStack Query). A visitor's
 * session has none: a visitor calls no /api (SPEC §2), and its form page loads no query client.
 */
export interface SessionBackend {
  /** The status as the cached profile holds it now (read when an action runs, not at render). */
  webStatusNow(): WebStatus | null;
  /** PUT /api/answer; the cached profile holds the answers once saved. */
  saveAnswers(changes: Answers): Promise<MessageResponse>;
  /** POST /api/validations, not waited for (SPEC §7: the response is not shown). */
  postValidations(errors: FieldErrors): void;
  /** POST /api/web-status, set in the cached profile at once and retried (SPEC §4, §9). */
  postWebStatus(status: PostableStatus): Promise<unknown>;
  /** The same, not waited for: progress recorded as the applicant moves on. */
  recordWebStatus(status: PostableStatus): void;
  /** PUT /api/last-page, recorded in the cached profile at once. */
  recordLastPage(route: string): void;
  /** POST /api/submit; rejects with the server's 422 when a page is incomplete. */
  submit(): Promise<MessageResponse>;
  /** After a submit: the cached profile says submitted, and the PDF copy is the frozen one. */
  markSubmitted(): void;
}
