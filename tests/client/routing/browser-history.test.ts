// @vitest-environment jsdom
/**
 * The browser's history (routing/browser-history.ts): React Router's layout of history.state, so
 * that a location's state survives a reload and means the same to the staff console's router.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createBrowserHistory,
  createPath,
  parsePath,
} from '../../../src/client/routing/browser-history';

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('createBrowserHistory', () => {
  it('pushes and replaces with the state under usr, telling its listener each time', () => {
    window.history.replaceState(null, '', '/start');
    const history = createBrowserHistory();
    const heard: string[] = [];
    stops.push(
      history.listen(({ action, location }) => heard.push(`${action} ${location.pathname}`)),
    );

    history.push({ pathname: '/about', search: '?x=1' }, { answers: { a: '1' } });
    expect(window.location.pathname + window.location.search).toBe('/about?x=1');
    expect(window.history.state).toMatchObject({ usr: { answers: { a: '1' } }, idx: 1 });
    expect(history.location).toMatchObject({ pathname: '/about', state: { answers: { a: '1' } } });

    history.replace('/login#top');
    expect(history.location).toMatchObject({ pathname: '/login', hash: '#top', state: null });
    expect(window.history.state).toMatchObject({ idx: 1 });
    expect(heard).toEqual(['PUSH /about', 'REPLACE /login']);
  });

  it('tells its listener of back and forward, as a POP', async () => {
    window.history.replaceState(null, '', '/first');
    const history = createBrowserHistory();
    const popped = new Promise<string>((resolve) => {
      stops.push(
        history.listen(({ action, location }) => {
          if (action === 'POP') resolve(location.pathname);
        }),
      );
    });
    history.push('/second');
    history.go(-1);
    expect(await popped).toBe('/first');
    expect(history.action).toBe('POP');
  });

  it('leaves the first entry as it is until the page moves, then counts it as 0', () => {
    window.history.replaceState({ usr: 'kept' }, '', '/first');
    const history = createBrowserHistory();
    expect(window.history.state).toEqual({ usr: 'kept' });
    expect(history.location).toMatchObject({ pathname: '/first', state: 'kept' });
    history.push('/second');
    expect(window.history.state).toMatchObject({ idx: 1 });
    history.push('/third');
    expect(window.history.state).toMatchObject({ idx: 2 });
  });

  it('keeps to one listener', () => {
    const history = createBrowserHistory();
    stops.push(history.listen(() => {}));
    expect(() => history.listen(() => {})).toThrow();
  });
});

describe('paths', () => {
  it('parses and writes an address part by part', () => {
    expect(parsePath('/a?b=1#c')).toEqual({ pathname: '/a', search: '?b=1', hash: '#c' });
    expect(parsePath('?only')).toEqual({ search: '?only' });
    expect(createPath({ pathname: '/a', search: 'b=1', hash: 'c' })).toBe('/a?b=1#c');
    expect(createPath({ search: '?', hash: '#' })).toBe('/');
  });
});
