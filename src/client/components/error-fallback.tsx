import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { reportClientError } from '../api/report-client-error';
import { fallbackTexts } from '../messages';
import { useDocumentTitle } from './use-document-title';
import '../styles/page.css';

/** The two sentences of the generic fallback (SPEC §2), for a screen or one area of it. */
export function FallbackMessage({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div role="alert" className="fallback-message">
      <Heading className="page__title">{fallbackTexts.heading}</Heading>
      <p>{fallbackTexts.body}</p>
    </div>
  );
}

/**
 * The generic fallback screen of SPEC §2 for errors no one else handled; logs the error in the
 * console and reports it to the server (an address the router has no page for is not a fault).
 */
export function ErrorFallback() {
  const error = useRouteError();
  useDocumentTitle(fallbackTexts.title, true);
  useEffect(() => {
    console.error(error);
    if (!(isRouteErrorResponse(error) && error.status < 500)) reportClientError('route', error);
  }, [error]);

  return (
    <main className="page" id="main-content">
      <FallbackMessage />
    </main>
  );
}
