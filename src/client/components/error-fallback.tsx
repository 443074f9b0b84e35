import { Component, useEffect, type ReactNode } from 'react';
import { reportClientError } from '../api/report-client-error';
import { fallbackTexts } from '../messages';
import { useDocumentTitle } from './use-document-title';
import '../styles/page.css';

/** The two sentences of the generic fallback (SPEC §2), for a screen or one area of it. */
export function FallbackMessage({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const texts = fallbackTexts();
  return (
    <div role="alert" className="fallback-message">
      <Heading className="page__title">{texts.heading}</Heading>
      <p>{texts.body}</p>
    </div>
  );
}

/**
 * The generic fallback screen of SPEC §2 for errors no one else handled (RouteErrorBoundary);
 * logs the error in the console and reports it to the server.
 */
function ErrorFallback({ error }: { error: unknown }) {
  useDocumentTitle(fallbackTexts().title, true);
  useEffect(() => {
    console.error(error);
    reportClientError('route', error);
  }, [error]);

  return (
    <main className="page" id="main-content">
      <FallbackMessage />
    </main>
  );
}

interface RouteErrorBoundaryProps {
  /** The location's key: the next navigation gives the routes another try. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Around all routes: an error no area of a page handled (a page module that failed to load, a
 * page that failed to render) shows the generic fallback screen until the next navigation.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null)
      this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error } = this.state;
    return error === null ? this.props.children : <ErrorFallback error={error} />;
  }
}
