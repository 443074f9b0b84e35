import { localIsoDate } from '../../engine/alerts';
import { isLoggedIn } from '../identity/is-logged-in';

/**
 * Whether this browser's first render of the page matches the prerendered markup the server sent
 * (src/server/prerendered-pages.ts), so that it can hydrate it: a visitor with nothing to load
 * first (no visitor token, no service link, no answers carried in history), on the day the markup
 * was made, by this browser's own calendar. Otherwise the page renders from nothing, as it does
 * for a signed-in applicant.
 */
export function canHydrate(doc: Document, historyState: unknown): boolean {
  const servedOn = doc.querySelector<HTMLMetaElement>('meta[name="served-on"]')?.content;
  if (!servedOn || servedOn !== localIsoDate(new Date())) return false;
  if (isLoggedIn(doc)) return false;
  const params = new URLSearchParams(doc.location.search);
  if (params.has('token') || params.has('service_token')) return false;
  // React Router keeps navigation state in history.state.usr (a reload keeps it).
  const usr = (historyState as { usr?: unknown } | null)?.usr;
  return usr === undefined || usr === null;
}
