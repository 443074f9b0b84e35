import { Suspense, useState } from 'react';
import { Outlet, useLocation } from '../routing/router-hooks';
import type { Answers } from '../../engine/definitions';
import { loadAllPages } from '../../forms/page-definitions';
import { loadNamedLists } from '../form/named-lists';
import { withQuery } from '../api/with-query';
import { LoadingSpinner } from '../components/loading-spinner';
import { retryingLazy } from '../components/retrying-lazy';
import { isLoggedIn } from '../identity/is-logged-in';
import { readFormLocationState } from './location-state';
import { SessionProvider, useSessionStore } from './session-provider';
import { useVisitorSession } from './use-session-actions';
import { useVisitorAnswers } from './use-visitor-answers';
import { visitorTokenParam } from './visitor-token';

/**
 * The staff view's module. Staff links are rare: its code loads only for one. The staff console
 * loads it through here too (staff/use-form-view.ts): imported from anywhere else, the bundler
 * would regroup the chunks an applicant's first load of /about fetches.
 */
export const loadServiceView = () =>
  Promise.all([import('../staff-view/service-view'), loadAllPages(), loadNamedLists()]).then(
    ([module]) => module,
  );
const serviceView = retryingLazy(() =>
  withQuery(loadServiceView().then((module) => module.ServiceView)),
);

// A signed-in applicant's loader, with the query client: a visitor's first load has neither. A
// failed load goes to the route's error page, whose retry fetches it again.
const signedInLoader = retryingLazy(() =>
  import('./signed-in-loader').then((module) => module.SignedInLoader),
);

/** A visitor's form: the answers a token held, or those carried back from the account screens. */
function VisitorSession({ token }: { token: string | null }) {
  const location = useLocation();
  const [carried] = useState(() => readFormLocationState(location.state).answers);
  const visitor = useVisitorAnswers(token);
  if (!visitor.settled) return <LoadingSpinner />;
  return <VisitorForm answers={{ ...visitor.answers, ...carried }} />;
}

/** The form routes under a visitor's session, which starts from `answers`. */
function VisitorForm({ answers }: { answers: Answers }) {
  const store = useSessionStore(answers, false);
  const state = useVisitorSession(store);
  return (
    <SessionProvider profile={undefined} store={store} state={state}>
      <Outlet />
    </SessionProvider>
  );
}

/**
 * The loader around the form routes (SPEC §2): a visitor's form at once (after reading back a
 * visitor token's answers, if the URL has one); a signed-in applicant's once the profile has
 * loaded (signed-in-loader.tsx); `service_token` opens the staff view instead.
 */
export function FormLoader() {
  const [loggedIn] = useState(isLoggedIn);
  const params = new URLSearchParams(useLocation().search);
  const serviceToken = params.get('service_token');
  const token = serviceToken === null ? params.get(visitorTokenParam) : null;

  if (serviceToken !== null) {
    const ServiceView = serviceView.component;
    return (
      <Suspense fallback={<LoadingSpinner />}>
        <ServiceView token={serviceToken} />
      </Suspense>
    );
  }
  if (!loggedIn) return <VisitorSession token={token} />;
  const SignedInLoader = signedInLoader.component;
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <SignedInLoader token={token} />
    </Suspense>
  );
}
