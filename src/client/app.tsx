import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from './components/toast-provider';
import type { AppInstance } from './create-app';

/** The providers around every page: data, toasts and routes. */
export function App({ app }: { app: AppInstance }) {
  return (
    <QueryClientProvider client={app.queryClient}>
      <ToastProvider>
        <RouterProvider router={app.router} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
