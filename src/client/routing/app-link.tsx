import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import type { Path } from 'react-router-dom';
import { createPath, parsePath } from './browser-history';
import { useAppRouter, useLocation, type To } from './router-hooks';

/*
 * The application's links: an `<a>` whose plain click navigates inside the application, and which
 * opens in a new tab with a modifier key or the middle button, as any link does. React Router's
 * own <Link> and <NavLink> do the same and much besides for its data and framework modes
 * (prefetching, view transitions, form submission…), which weighed about 2.8 KB gzipped in every
 * first load, since one module of the package holds them all: eslint.config.js keeps them out.
 */

/** `to` as a path from the root: a relative one is read from the current location's. */
function resolved(to: To, from: string): Partial<Path> {
  const path = typeof to === 'string' ? parsePath(to) : to;
  const { pathname } = path;
  if (pathname === undefined || pathname === '') return { ...path, pathname: from };
  if (pathname.startsWith('/')) return path;
  return { ...path, pathname: new URL(pathname, `http://localhost${from}`).pathname };
}

/** A click the browser should handle itself: not the main button, a modifier, another target. */
const leftToBrowser = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button !== 0 ||
  (target !== undefined && target !== '_self') ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey;

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
  const router = useAppRouter();
  const location = useLocation();
  const path = resolved(to, location.pathname);
  return (
    <a
      {...rest}
      href={router.navigator.createHref(path)}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || leftToBrowser(event, target)) return;
        event.preventDefault();
        // A link to where the application is replaces the entry, as React Router's does.
        const here = createPath(location) === createPath(path);
        void router.navigate(path, { replace: replace ?? here, state });
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
  const target = resolved(to, pathname).pathname ?? pathname;
  const strip = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  const current = strip(pathname) === strip(target);
  return <AppLink {...rest} to={to} aria-current={current ? 'page' : undefined} />;
}
