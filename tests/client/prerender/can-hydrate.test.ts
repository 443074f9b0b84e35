// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { localIsoDate } from '../../../src/engine/alerts';
import { canHydrate } from '../../../src/client/prerender/can-hydrate';

function servedOn(day: string | null): void {
  document.head.innerHTML =
    '<meta name="identity-cookie-prefix" content="uni_id" />' +
    (day === null ? '' : `<meta name="served-on" content="${day}" />`);
}

describe('whether the browser hydrates the prerendered page', () => {
  afterEach(() => {
    document.cookie = 'uni_id_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.history.replaceState(null, '', '/');
  });

  it('hydrates a visitor’s page made today', () => {
    servedOn(localIsoDate(new Date()));
    window.history.replaceState({ idx: 0, key: 'default', usr: null }, '', '/about?utm=x');
    expect(canHydrate(document, window.history.state)).toBe(true);
  });

  it('renders from nothing a page made on another day (another time zone, or midnight)', () => {
    servedOn('2001-01-01');
    expect(canHydrate(document, null)).toBe(false);
    servedOn(null);
    expect(canHydrate(document, null)).toBe(false);
  });

  it('renders from nothing when its first render would differ from a visitor’s', () => {
    servedOn(localIsoDate(new Date()));
    window.history.replaceState(null, '', '/about?token=abc');
    expect(canHydrate(document, null)).toBe(false);
    window.history.replaceState(null, '', '/about?service_token=abc');
    expect(canHydrate(document, null)).toBe(false);
    window.history.replaceState(null, '', '/about');
    // Answers carried back from the account screens (React Router keeps them in usr).
    expect(canHydrate(document, { usr: { answers: { first_name: 'Ada' } } })).toBe(false);
    document.cookie = 'uni_id_session=1';
    expect(canHydrate(document, null)).toBe(false);
  });
});
