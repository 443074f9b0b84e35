import type { Answers } from '../../engine/definitions';
import type { FieldErrors } from '../../engine/validation';
import type { WebStatus } from '../../engine/web-status';
import type { VisitorAnswers, VisitorToken } from '../../contract/application';
import type { MessageResponse } from '../../contract/wire';
import { fetchJson } from './fetch-json';

/** The statuses the client may post; submitted comes only from POST /api/submit. */
export type PostableStatus = Exclude<WebStatus, 'submitted'>;

/** The applicant's calls of SPEC §7 (saving, progress, submit) and the visitor-answer calls. */
export const applicationApi = {
  /** PUT /api/answer: the server merges the map key by key. */
  saveAnswers: (answers: Answers) =>
    fetchJson<MessageResponse>('/api/answer', { method: 'PUT', body: answers }),
  /** The same save, stopped by `signal` (the bounded save before a logout). */
  saveAnswersUntil: (answers: Answers, signal: AbortSignal) =>
    fetchJson<MessageResponse>('/api/answer', { method: 'PUT', body: answers, signal }),
  setLastPage: (lastPage: string) =>
    fetchJson<MessageResponse>('/api/last-page', { method: 'PUT', body: { last_page: lastPage } }),
  postWebStatus: (status: PostableStatus) =>
    fetchJson<MessageResponse>('/api/web-status', {
      method: 'POST',
      body: { web_status: status },
    }),
  postValidations: (errors: FieldErrors) =>
    fetchJson<MessageResponse>('/api/validations', { method: 'POST', body: errors }),
  /** 422 with `errors: {"pageId.field": messages}` when a page is incomplete. */
  submit: () => fetchJson<MessageResponse>('/api/submit', { method: 'POST' }),
  /** A visitor's answers kept under a token until they have an account. */
  keepVisitorAnswers: (answer: Answers) =>
    fetchJson<VisitorToken>('/public/tmp', { method: 'POST', body: { answer } }),
  visitorAnswers: (token: string, signal?: AbortSignal) =>
    fetchJson<VisitorAnswers>(`/public/tmp?token=${encodeURIComponent(token)}`, { signal }),
  /** Merges the visitor's answers into the signed-in account and spends the token. */
  claimVisitorAnswers: (token: string) =>
    fetchJson<VisitorAnswers>('/api/visitor-answers/claim', {
      method: 'POST',
      body: { token },
    }),
};

/** SPEC §9: a failed web-status post is retried twice. */
export const webStatusRetries = 2;
