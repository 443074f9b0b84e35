import { Component, type ReactNode } from 'react';

/**
 * Catches the failure of a lazily loaded part (its code could not be fetched: offline, or a new
 * deployment replaced it) and shows `fallback` instead, so one missing chunk never takes the
 * page down. The next mount tries again.
 */
export class LoadBoundary extends Component<
  { fallback: ReactNode; onError?: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
    this.props.onError?.();
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
