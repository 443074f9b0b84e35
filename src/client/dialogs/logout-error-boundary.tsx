import { Component, type ReactNode } from 'react';
import { ServerError } from '../api/errors';
import { genericErrorMessage } from '../messages';
import { ErrorDialog } from './error-dialog';
import { signedInText } from '../i18n/signed-in-texts';

interface LogoutErrorBoundaryState {
  error: unknown;
}

/** A failed Log Out shows in a dialog (SPEC §8); closing it brings the Log Out button back. */
export class LogoutErrorBoundary extends Component<
  { children: ReactNode },
  LogoutErrorBoundaryState
> {
  override state: LogoutErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): LogoutErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const close = () => this.setState({ error: null });
    return (
      <ErrorDialog title={signedInText('logout.errorTitle')} onClose={close}>
        <p>{signedInText('logout.failed')}</p>
        <p>{error instanceof ServerError ? error.message : genericErrorMessage()}</p>
      </ErrorDialog>
    );
  }
}
