import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../api/report-client-error';
import { FallbackMessage } from '../components/error-fallback';

interface AreaErrorBoundaryProps {
  /** chrome: banners, menus, navigation (a failure hides that part); content: the page. */
  area: 'chrome' | 'content';
  /** A change (e.g. of the path) gives the area another try. */
  resetKey?: string;
  children: ReactNode;
}

interface AreaErrorBoundaryState {
  error: unknown;
}

/**
 * One error boundary per area (SPEC §8), so a failing banner never takes the form with it and a
 * failing page keeps the header, navigation and footer. The error is logged either way, in the
 * console and on the server.
 */
export class AreaErrorBoundary extends Component<AreaErrorBoundaryProps, AreaErrorBoundaryState> {
  override state: AreaErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): AreaErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    reportClientError('area', error);
  }

  override componentDidUpdate(previous: AreaErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) {
      this.setState({ error: null });
    }
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return this.props.area === 'content' ? <FallbackMessage headingLevel={1} /> : null;
  }
}
