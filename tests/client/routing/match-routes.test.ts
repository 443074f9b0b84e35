/**
 * The applicant's route matching (routing/match-routes.ts), which replaced React Router's in the
 * first load: the routes must mean what they meant under its matcher.
 */
import { describe, expect, it } from 'vitest';
import { matchRoutes, type AppRoute } from '../../../src/client/routing/match-routes';

const page = { path: ':page' };
const completion = { path: 'completion' };
const login = { path: 'login' };
const staff = { path: 'staff/*' };
const index = { index: true };
const anything = { path: '*' };
const formLayout = { children: [page] };
const form = { children: [formLayout, completion] };
const auth = { children: [login] };
const root: AppRoute = { children: [auth, form, staff, index, anything] };
const routes = [root];

const leaf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1);

describe('matchRoutes', () => {
  it('gives every route from the root to the page, with the parameters on each', () => {
    const matches = matchRoutes(routes, '/about');
    expect(matches?.map((m) => m.route)).toEqual([root, form, formLayout, page]);
    expect(matches?.every((m) => m.params.page === 'about')).toBe(true);
  });

  it('ranks a static segment above a parameter, whatever the order of the definitions', () => {
    expect(leaf('/completion')?.route).toBe(completion);
    expect(leaf('/login')?.route).toBe(login);
    expect(matchRoutes(routes, '/login')?.map((m) => m.route)).toEqual([root, auth, login]);
  });

  it('gives the rest of the path to a trailing *, and the root to the index route', () => {
    expect(leaf('/staff/applications/7')).toEqual({
      route: staff,
      params: { '*': 'applications/7' },
    });
    expect(leaf('/staff')?.params).toEqual({ '*': '' });
    expect(leaf('/')?.route).toBe(index);
    expect(leaf('/a/b/c')).toEqual({ route: anything, params: { '*': 'a/b/c' } });
  });

  it('ignores a trailing slash and the case of static segments, and decodes parameters', () => {
    expect(leaf('/Completion/')?.route).toBe(completion);
    expect(leaf('/caf%C3%A9')?.params.page).toBe('café');
    // A segment that cannot be decoded is kept as typed, never thrown.
    expect(leaf('/%E0%A4%A')?.params.page).toBe('%E0%A4%A');
  });

  it('matches nothing where no route fits', () => {
    expect(matchRoutes([{ path: 'only' }], '/other')).toBeNull();
    expect(matchRoutes([{ path: 'only' }], '/only/more')).toBeNull();
  });
});
