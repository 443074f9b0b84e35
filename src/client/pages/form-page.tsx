import { lazy, Suspense, useLayoutEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { PageDefinition } from '../../engine/definitions';
import { formPages, pageByRoute } from '../../forms/form-pages';
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

/** The form page of the path (/about, /education, /final-steps); any other path goes to /about. */
export function FormPage() {
  const page = pageByRoute(`/${useParams().page ?? ''}`);
  if (!page) return <RedirectToDefault />;
  return <PageView key={page.id} page={page} />;
}

/** One form page (About You, Your Academics, Final Steps): its heading and its questions. */
function PageView({ page }: { page: PageDefinition }) {
  const store = useFormStore();
  const { errors } = useApplicationSession();
  const changes = useDefinitionChanges().get(page.id);
  // The store validates the page on screen.
  useLayoutEffect(() => store.setPage(page), [store, page]);
  useDocumentTitle(page.title, errors.showing);

  return (
    <div className="page-content">
      <p className="form-page__step">
        {t('page.stepOf', { step: page.step, count: formPages.length })}
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
