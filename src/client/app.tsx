import { ToastProvider } from './components/toast-provider';
import type { AppInstance } from './create-app';
import { AppQueryContext } from './api/app-query';
import { UnexpectedErrorDialog } from './dialogs/unexpected-error-dialog';
import { AppRouterView } from './routing/app-router';

/**
 * The providers around every page: toasts and routes, the unexpected-error modal, and the query
 * client for the screens that load it (api/query-boundary.tsx).
 */
export function App({ app }: { app: AppInstance }) {
  return (
    <AppQueryContext.Provider value={app.query}>
      <ToastProvider>
        <AppRouterView router={app.router} routes={app.routes} />
        <UnexpectedErrorDialog />
      </ToastProvider>
    </AppQueryContext.Provider>
  );
}
