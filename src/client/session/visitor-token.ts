import type { Answers } from '../../engine/definitions';

/** The query parameter that carries a visitor's saved answers through the account screens. */
export const visitorTokenParam = 'token';

/** `?token=…` of a search string, or '' when it carries none: what the auth cards pass on. */
export function visitorTokenSearch(search: string): string {
  const token = new URLSearchParams(search).get(visitorTokenParam);
  return token ? `?${new URLSearchParams({ [visitorTokenParam]: token }).toString()}` : '';
}

/** The search string without the token (after the signed-in applicant has claimed it). */
export function withoutVisitorToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(visitorTokenParam);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The answers worth keeping: empty ones would overwrite an existing account's answers. */
export function filledAnswers(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== ''));
}
