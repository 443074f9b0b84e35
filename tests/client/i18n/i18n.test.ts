// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  activateLocale,
  activeLocale,
  documentLocale,
  formatNumber,
  t,
} from '../../../src/client/i18n/i18n';
import { t as accountText } from '../../../src/client/i18n/account-texts';

// Read as written (an import would give the build's compiled form).
const catalogue = (file: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../src/client/i18n', file), 'utf8'),
  ) as Record<string, string>;
const english = catalogue('messages.en.json');
const spanish = catalogue('messages.es.json');

describe('the page language (issue 40)', () => {
  it('reads the language the server chose from <html lang>, English when it names none', () => {
    document.documentElement.lang = 'es';
    expect(documentLocale()).toBe('es');
    document.documentElement.lang = 'fr';
    expect(documentLocale()).toBe('en');
    document.documentElement.lang = '';
    expect(documentLocale()).toBe('en');
  });

  it('speaks English, with placeholders and plurals, until another language is activated', async () => {
    expect(activeLocale()).toBe('en');
    expect(t('steps.step', { step: 3 })).toBe('Step 3: ');
    expect(t('suggestions.count', { count: 1 })).toBe('1 suggestion available.');
    expect(t('suggestions.count', { count: 4 })).toBe('4 suggestions available.');
    expect(t('error.generic')).toBe(english['error.generic']);

    await activateLocale('es');
    expect(activeLocale()).toBe('es');
    expect(t('error.generic')).toBe(spanish['error.generic']);
    expect(t('suggestions.count', { count: 1 })).toBe('1 sugerencia disponible.');
    expect(t('suggestions.count', { count: 4 })).toBe('4 sugerencias disponibles.');
    // An area's English loaded with its code still gives way to the Spanish.
    expect(accountText('auth.login.title')).toBe(spanish['auth.login.title']);
    expect(formatNumber(1234.5)).toBe('1234,5');
  });
});
