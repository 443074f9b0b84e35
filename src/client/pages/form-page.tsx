import { lazy, Suspense, use, useEffect, useLayoutEffect } from 'react';
import { useParams } from '../routing/router-hooks';
import type { PageDefinition } from '../../engine/definitions';
import { indexByRoute, pageIndex } from '../../forms/page-index';
import { loadedPage, loadPage, preloadPage } from '../../forms/page-definitions';
import { RedirectToDefault } from '../redirect-to-default';
import { useDocumentTitle } from '../components/use-document-title';
import { useApplicationSession } from '../session/application-session';
import { PageRenderer, useFormStore } from '../session/form-bridge';
import { pageHeadingId } from '../layout/form-layout';
import { useDefinitionChanges } from '../session/use-definition-changes';
import { LoadBoundary } from '../components/load-boundary';
import { t } from '../i18n/i18n';

// Shown only on a page the forms changed since the applicant's last save: loaded then.
const DefinitionChangesNotice = lazy(() =>
  import('../layout/definition-changes-notice').then((module) => ({
    default: module.DefinitionChangesNotice,
  })),
);

/**
 * The form page of the path (/about, /education, /final-steps); any other path goes to /about.
 * Its definition has loaded with the route (app-routes.tsx); rendered without it, it waits.
 */
export function FormPage() {
  const entry = indexByRoute(`/${useParams().page ?? ''}`);
  if (!entry) return <RedirectToDefault />;
  const page = loadedPage(entry.id) ?? use(loadPage(entry.id));
  return <PageView key={page.id} page={page} />;
}

/** How long after the page has rendered the next one's definition starts loading, at the latest. */
const preloadTimeoutMs = 2000;

/** The next page's definition loads once the browser is idle, so that Save/Next waits for nothing. */
function usePreloadNextPage(page: PageDefinition) {
  useEffect(() => {
    const next = pageIndex[pageIndex.findIndex((entry) => entry.id === page.id) + 1];
    if (!next || loadedPage(next.id)) return;
    const preload = () => preloadPage(next.id);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: preloadTimeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(preload, 0);
    return () => window.clearTimeout(handle);
  }, [page]);
}

/** One form page (About You, Your Academics, Final Steps): its heading and its questions. */
function PageView({ page }: { page: PageDefinition }) {
  const store = useFormStore();
  const { errors } = useApplicationSession();
  const changes = useDefinitionChanges().get(page.id);
  // The store validates the page on screen.
  useLayoutEffect(() => store.setPage(page), [store, page]);
  useDocumentTitle(page.title, errors.showing);
  usePreloadNextPage(page);

  return (
    <div className="page-content">
      <p className="form-page__step">
        {t('page.stepOf', { step: page.step, count: pageIndex.length })}
      </p>
      <h1 id={pageHeadingId} className="form-page__title" tabIndex={-1}>
        {page.title}
      </h1>
      {page.description && <p className="form-page__description">{page.description}</p>}
      {changes && (
        <LoadBoundary fallback={null}>
          <Suspense fallback={null}>
            <DefinitionChangesNotice changes={changes} />
          </Suspense>
        </LoadBoundary>
      )}
      <PageRenderer page={page} />
    </div>
  );
}
