import { useEffect, useRef } from 'react';
import { indexByRoute } from '../../forms/page-index';
import type { WebStatus } from '../../engine/web-status';
import type { SessionBackend } from './session-backend';

interface ProgressInput {
  /** A signed-in applicant's calls; a visitor (none) has no progress to record. */
  backend: SessionBackend | undefined;
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
  backend,
  webStatus,
  lastPage,
  pathname,
}: ProgressInput): void {
  const startPosted = useRef(false);
  useEffect(() => {
    if (!backend || webStatus !== null || startPosted.current) return;
    startPosted.current = true;
    backend.recordWebStatus('started');
  }, [backend, webStatus]);

  // The first path is where the applicant arrived, not a change of page; so is the page an
  // unknown path or /completion was redirected to: only a move from one form page to another is
  // a page the applicant chose.
  const previousPath = useRef(pathname);
  useEffect(() => {
    const from = previousPath.current;
    if (from === pathname) return;
    previousPath.current = pathname;
    if (!indexByRoute(from)) return;
    if (!backend || (webStatus !== 'started' && webStatus !== 'validating')) return;
    if (!indexByRoute(pathname) || pathname === lastPage) return;
    backend.recordLastPage(pathname);
  }, [pathname, backend, webStatus, lastPage]);
}
