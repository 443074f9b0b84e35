import { Component, type ReactNode } from 'react';
import { reportClientError } from '../api/report-client-error';

interface ResettableErrorBoundaryProps {
  /** Called once per caught error (after it is logged): show it, clear what it left behind. */
  onError: (error: unknown) => void;
  /** Called when the fallback asks for another try, before the children render again. */
  onReset: () => void;
  /** What shows instead of the children while there is an error. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  children: ReactNode;
}

interface ResettableErrorBoundaryState {
  error: unknown;
}

/**
 * An error boundary for one part of a page (SPEC §8: an upload's failure is raised to an error
 * boundary that shows a toast; on reset the failure is cleaned up and the part tries again).
 */
export class ResettableErrorBoundary extends Component<
  ResettableErrorBoundaryProps,
  ResettableErrorBoundaryState
> {
  override state: ResettableErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ResettableErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    // Failures the part expects (a refused file, a failed conversion) are shown, not reported.
    reportClientError('part', error);
    this.props.onError(error);
  }

  private reset = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    return error === null ? this.props.children : this.props.fallback(error, this.reset);
  }
}
