import type { ReactNode } from 'react';

/** A match's parameters: `:name` segments by name, and what a trailing `*` matched under `*`. */
export type Params = Readonly<Record<string, string | undefined>>;

/**
 * A route of the applicant's application (app-routes.tsx): a path relative to its parent's
 * (static segments, `:name` segments, a trailing `*`), an index route, or a layout (no path)
 * over `children`. `handle` is the lazily loaded page's (route-modules.tsx).
 */
export interface AppRoute {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: AppRoute[];
  handle?: unknown;
}

/** One route of a match, from the outermost layout to the page. */
export interface RouteMatch {
  route: AppRoute;
  params: Params;
}

interface Branch {
  /** The routes from the outermost to the leaf. */
  routes: AppRoute[];
  segments: string[];
  score: number;
  /** Where the leaf is in the definitions, for ties. */
  order: number;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * React Router's ranking, so that the routes mean what they meant under its matcher: a static
 * segment outranks a `:name` one, which outranks a `*`; an index route its parent alone.
 */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') score -= 2;
    else score += segment.startsWith(':') ? 3 : 10;
  }
  return score;
}

/** Every route that can end a match (a leaf, or a layout with a path), with its ancestors. */
function branchesOf(routes: AppRoute[], parents: AppRoute[] = [], into: Branch[] = []): Branch[] {
  for (const route of routes) {
    const chain = [...parents, route];
    if (route.children) branchesOf(route.children, chain, into);
    if (route.children && route.path === undefined) continue;
    const segments = chain.flatMap((r) => segmentsOf(r.path ?? ''));
    into.push({
      routes: chain,
      segments,
      score: scoreOf(segments, route.index === true),
      order: into.length,
    });
  }
  return into;
}

const ranked = new WeakMap<AppRoute[], Branch[]>();

/** The parameters of `branch` if it matches all of `parts`, or null. */
function matchBranch(branch: Branch, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [i, segment] of branch.segments.entries()) {
    if (segment === '*') {
      params['*'] = parts.slice(i).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

/** Decodes a segment as the address bar shows it; one that cannot be decoded is kept as is. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The routes `pathname` matches, outermost first, with the leaf's parameters on each (as React
 * Router gives them), or null when none does. A trailing slash is ignored.
 */
export function matchRoutes(routes: AppRoute[], pathname: string): RouteMatch[] | null {
  let branches = ranked.get(routes);
  if (!branches) {
    branches = branchesOf(routes).sort((a, b) => b.score - a.score || a.order - b.order);
    ranked.set(routes, branches);
  }
  const parts = segmentsOf(pathname).map(decoded);
  for (const branch of branches) {
    const params = matchBranch(branch, parts);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
