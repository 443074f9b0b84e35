import type { Answers } from './application-service';

/** What the server needs to know of the form definitions: their version, keys and rules. */
export interface FormsRuntime {
  /** A hash of forms/ and schemas/, frozen with each submission. */
  version: string;
  /** Every answer key of the data model; answers outside it are refused. */
  knownKeys: ReadonlySet<string>;
  /** The route of every form page, e.g. "/about" (last_page must be one). */
  pageRoutes: readonly string[];
  /** Field errors of every page, page id → field → messages (SPEC §5), as the client shows them. */
  validateAll(answers: Answers, now: Date): Record<string, Record<string, string[]>>;
}
