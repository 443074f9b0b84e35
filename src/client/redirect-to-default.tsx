import { Navigate, useLocation } from './routing/router-hooks';
import { defaultFormRoute } from './app-paths';

/** Unknown paths go to the default form route and keep their query string (SPEC §2). */
export function RedirectToDefault() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: defaultFormRoute, search }} replace />;
}
