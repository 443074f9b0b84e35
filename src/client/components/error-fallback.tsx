import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useDocumentTitle } from './use-document-title';
import '../styles/page.css';

/** The generic fallback screen of SPEC §2 for errors no one else handled; logs the error. */
export function ErrorFallback() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong', true);
  useEffect(() => console.error(error), [error]);

  return (
    <main className="page" id="main-content">
      <div role="alert">
        <h1 className="page__title">Something went wrong.</h1>
        <p>
          The issue that caused you to see this has been logged. We will get it fixed as soon as
          possible.
        </p>
      </div>
    </main>
  );
}
