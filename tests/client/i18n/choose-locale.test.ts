// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLocale } from '../../../src/client/i18n/choose-locale';
import { accountLocale, rememberLocale } from '../../../src/client/i18n/locale-cookie';
import { reloadPage } from '../../../src/client/i18n/reload-page';

vi.mock('../../../src/client/i18n/reload-page', () => ({ reloadPage: vi.fn() }));

afterEach(() => {
  document.cookie = 'lang=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.unstubAllGlobals();
  vi.mocked(reloadPage).mockClear();
});

describe('choosing a language (issue 40)', () => {
  it('remembers the choice in the lang cookie', () => {
    rememberLocale('es');
    expect(document.cookie).toBe('lang=es');
    rememberLocale('en');
    expect(document.cookie).toBe('lang=en');
  });

  it("reads the account's language from a login reply, only when it is one of ours", () => {
    expect(accountLocale({ username: 'a@b.co', language: 'es' })).toBe('es');
    expect(accountLocale({ username: 'a@b.co', language: 'fr' })).toBeUndefined();
    expect(accountLocale({ username: 'a@b.co' })).toBeUndefined();
    expect(accountLocale(null)).toBeUndefined();
  });

  it('keeps the answers and the account language before it reloads, whatever they answer', async () => {
    const order: string[] = [];
    const fetchMock = vi.fn(() => {
      order.push('account');
      return Promise.reject(new TypeError('offline'));
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(reloadPage).mockImplementation(() => void order.push('reload'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const keepAnswers = vi.fn(async () => {
      await Promise.resolve();
      order.push('answers');
    });
    await chooseLocale('es', { signedIn: true, keepAnswers });
    expect(document.cookie).toBe('lang=es');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/profile/language',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ language: 'es' }) }),
    );
    expect(order).toEqual(['account', 'answers', 'reload']);
    expect(error).toHaveBeenCalled();
  });

  it("asks no account to keep a visitor's choice", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await chooseLocale('es', { signedIn: false });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
