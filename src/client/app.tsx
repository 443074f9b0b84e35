import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from './components/toast-provider';
import type { AppInstance } from './create-app';
import { UnexpectedErrorDialog } from './dialogs/unexpected-error-dialog';
import { AppRouterView } from './routing/app-router';

/** The providers around every page: data, toasts and routes, and the unexpected-error modal. */
export function App({ app }: { app: AppInstance }) {
  return (
    <QueryClientProvider client={app.queryClient}>
      <ToastProvider>
        <AppRouterView router={app.router} routes={app.routes} />
        <UnexpectedErrorDialog />
      </ToastProvider>
    </QueryClientProvider>
  );
}
