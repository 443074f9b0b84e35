import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from './components/toast-provider';
import type { AppInstance } from './create-app';
import { UnexpectedErrorDialog } from './dialogs/unexpected-error-dialog';

/** The providers around every page: data, toasts and routes, and the unexpected-error modal. */
export function App({ app }: { app: AppInstance }) {
  return (
    <QueryClientProvider client={app.queryClient}>
      <ToastProvider>
        <RouterProvider router={app.router} />
        <UnexpectedErrorDialog />
      </ToastProvider>
    </QueryClientProvider>
  );
}
