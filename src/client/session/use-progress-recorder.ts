import { useEffect, useRef } from 'react';
import { indexByRoute } from '../../forms/page-index';
import type { WebStatus } from '../../engine/web-status';
import { useLastPageMutation, useWebStatusMutation } from './progress-mutations';

interface ProgressInput {
  loggedIn: boolean;
  /** The status and the last page as the profile query holds them. */
  webStatus: WebStatus | null;
  lastPage: string;
  pathname: string;
}

/**
 * SPEC §4: a logged-in applicant with no status gets started; while started or validating, every
 * change of page records the path as last_page. Both show in the cached profile at once. Redirects
 * are not changes of page (SPEC §2 "Unknown paths redirect to the default form route").
 */
export function useProgressRecorder({
  loggedIn,
  webStatus,
  lastPage,
  pathname,
}: ProgressInput): void {
  const { mutate: postWebStatus } = useWebStatusMutation();
  const { mutate: putLastPage } = useLastPageMutation();

  const startPosted = useRef(false);
  useEffect(() => {
    if (!loggedIn || webStatus !== null || startPosted.current) return;
    startPosted.current = true;
    postWebStatus('started');
  }, [loggedIn, webStatus, postWebStatus]);

  // The first path is where the applicant arrived, not a change of page; so is the page an
  // unknown path or /completion was redirected to: only a move from one form page to another is
  // a page the applicant chose.
  const previousPath = useRef(pathname);
  useEffect(() => {
    const from = previousPath.current;
    if (from === pathname) return;
    previousPath.current = pathname;
    if (!indexByRoute(from)) return;
    if (!loggedIn || (webStatus !== 'started' && webStatus !== 'validating')) return;
    if (!indexByRoute(pathname) || pathname === lastPage) return;
    putLastPage(pathname);
  }, [pathname, loggedIn, webStatus, lastPage, putLastPage]);
}
