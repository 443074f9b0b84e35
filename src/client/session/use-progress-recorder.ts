import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { pageByRoute } from '../../engine/form-pages';
import type { WebStatus } from '../../engine/web-status';
import { applicationApi, webStatusRetries } from '../api/application-api';
import { profileQueryKey, type Profile } from '../api/use-profile';
import { setProfileStatuses } from './use-session-actions';

interface ProgressInput {
  loggedIn: boolean;
  webStatus: WebStatus | null;
  setWebStatus: (status: WebStatus) => void;
  pathname: string;
  lastPage: string;
  setLastPage: (route: string) => void;
}

/**
 * SPEC §4: a logged-in applicant with no status gets started (posted and set locally); while
 * started or validating, every change of page records the path as last_page. Redirects are not
 * changes of page (SPEC §2 "Unknown paths redirect to the default form route").
 */
export function useProgressRecorder({
  loggedIn,
  webStatus,
  setWebStatus,
  pathname,
  lastPage,
  setLastPage,
}: ProgressInput): void {
  const queryClient = useQueryClient();
  const { mutate: postWebStatus } = useMutation({
    mutationFn: applicationApi.postWebStatus,
    retry: webStatusRetries,
    onSuccess: () => setProfileStatuses(queryClient, ['started']),
  });
  const { mutate: putLastPage } = useMutation({
    mutationFn: applicationApi.setLastPage,
    onSuccess: (_data, route) =>
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
        profile ? { ...profile, last_page: route } : profile,
      ),
  });

  const startPosted = useRef(false);
  useEffect(() => {
    if (!loggedIn || webStatus !== null || startPosted.current) return;
    startPosted.current = true;
    setWebStatus('started');
    postWebStatus('started');
  }, [loggedIn, webStatus, setWebStatus, postWebStatus]);

  // The first path is where the applicant arrived, not a change of page; so is the page an
  // unknown path or /completion was redirected to: only a move from one form page to another is
  // a page the applicant chose.
  const previousPath = useRef(pathname);
  useEffect(() => {
    const from = previousPath.current;
    if (from === pathname) return;
    previousPath.current = pathname;
    if (!pageByRoute(from)) return;
    if (!loggedIn || (webStatus !== 'started' && webStatus !== 'validating')) return;
    if (!pageByRoute(pathname) || pathname === lastPage) return;
    setLastPage(pathname);
    putLastPage(pathname);
  }, [pathname, loggedIn, webStatus, lastPage, setLastPage, putLastPage]);
}
