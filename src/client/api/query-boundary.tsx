import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { AppQueryContext, type AppQuery } from './app-query';
import { BadConfigurationError } from './errors';
import { createQueryClient } from './query-client';

/** The application's query client, made the first time a boundary renders. */
function clientOf(app: AppQuery) {
  app.client ??= createQueryClient((_error, client) => app.onUnauthorized(client));
  return app.client;
}

/**
 * Gives `children` the application's query client (app-query.ts), loaded with the screens that
 * use it (api/with-query.tsx). Under a client already (the staff console's, a test's, an outer
 * boundary), it adds nothing.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const app = useContext(AppQueryContext);
  if (outer) return children;
  if (!app) throw new BadConfigurationError('A QueryBoundary needs the application around it.');
  return <QueryClientProvider client={clientOf(app)}>{children}</QueryClientProvider>;
}
