import type { AnchorHTMLAttributes, ReactNode } from 'react';
import {
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type To,
} from 'react-router-dom';

/*
 * The application's links: an `<a>` whose plain click navigates inside the application (React
 * Router's useHref and useLinkClickHandler), and which opens in a new tab with a modifier key or
 * the middle button, as any link does. React Router's own <Link> and <NavLink> do the same and
 * much besides for its data and framework modes (prefetching, view transitions, form
 * submission…), which weighed about 2.8 KB gzipped in every first load, since one module of the
 * package holds them all: eslint.config.js keeps them out.
 */

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** The location state the next page reads. */
  state?: unknown;
  children?: ReactNode;
}

/** A link to a page of the application. */
export function AppLink({ to, replace, state, target, onClick, children, ...rest }: AppLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
}

/**
 * A navigation link that marks the current page with `aria-current="page"`, as NavLink with `end`
 * does: only when the location is the link's path itself (case aside, a trailing slash aside).
 */
export function AppNavLink({ to, ...rest }: AppLinkProps) {
  const { pathname } = useLocation();
  const target = useResolvedPath(to).pathname;
  const strip = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  const current = strip(pathname) === strip(target);
  return <AppLink {...rest} to={to} aria-current={current ? 'page' : undefined} />;
}
