import { describe, expect, it } from 'vitest';
import { englishCatalogue } from '../../../src/server/i18n/english-catalogue';
import spanish from '../../../src/server/i18n/messages.es.json';
import { dateText, text, translated, type TextId } from '../../../src/server/i18n/server-i18n';
import { errorCatalogue } from '../../../src/server/errors';
import { fileMessages } from '../../../src/engine/file-rules';

const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const ids = Object.keys(englishCatalogue) as TextId[];

describe('the server catalogues', () => {
  it('hold the same keys in English and Spanish', () => {
    expect(Object.keys(spanish).sort()).toEqual([...ids].sort());
  });

  it('give every Spanish text the placeholders of its English', () => {
    const differing = ids.filter(
      (id) =>
        JSON.stringify(placeholders((spanish as Record<string, string>)[id] ?? '')) !==
        JSON.stringify(placeholders(englishCatalogue[id])),
    );
    expect(differing).toEqual([]);
  });

  it('say the same Spanish for one English text under several keys', () => {
    const spanishOf = new Map<string, Set<string>>();
    for (const id of ids) {
      const said = spanishOf.get(englishCatalogue[id]) ?? new Set<string>();
      said.add((spanish as Record<string, string>)[id] ?? '');
      spanishOf.set(englishCatalogue[id], said);
    }
    expect([...spanishOf].filter(([, said]) => said.size > 1)).toEqual([]);
  });

  it('say the English letter for letter once compiled, placeholders filled in', () => {
    for (const id of ids) {
      const names = placeholders(englishCatalogue[id]);
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const expected = englishCatalogue[id].replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);
      expect(text('en', id, values), id).toBe(expected);
    }
    expect(text('en', 'errors.APPLICATION_INCOMPLETE')).toBe(
      errorCatalogue.APPLICATION_INCOMPLETE.message,
    );
  });

  it('fill a Spanish text’s placeholders in order', () => {
    const template = spanish['errors.TAB_UNKNOWN'];
    expect(text('es', 'errors.TAB_UNKNOWN', { 0: 'schools', 1: 'ged', 2: 'us, abroad' })).toBe(
      template.replace('{0}', 'schools').replace('{1}', 'ged').replace('{2}', 'us, abroad'),
    );
  });

  it('translate a fixed English text by what it says, and leave an unknown one as it is', () => {
    expect(translated('es', fileMessages.empty)).toBe(
      (spanish as Record<string, string>)['file.empty'],
    );
    expect(translated('es', fileMessages.empty)).not.toBe(fileMessages.empty);
    expect(translated('en', fileMessages.empty)).toBe(fileMessages.empty);
    expect(translated('es', 'Not a text of ours.')).toBe('Not a text of ours.');
  });

  it('write a date answer in Spanish with the month’s name (a US reader takes 12/04 for December)', () => {
    expect(dateText('es', '2007', '04', '12')).toBe('12 de abril de 2007');
    expect(dateText('es', '2025', '09', '01')).toBe('1 de septiembre de 2025');
    expect(dateText('en', '2007', '04', '12')).toBe('04/12/2007');
  });
});
