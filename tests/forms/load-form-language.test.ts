/**
 * The browser's loadFormLanguage (src/forms/form-language.ts): Spanish puts the definitions'
 * texts in place (the same page objects), installs the Spanish messages and list labels; English
 * changes nothing. Expected texts come from the translation files, never spelled out here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/engine/option-lists';
import { validate } from '../../src/engine/validation';
import { loadFormLanguage } from '../../src/forms/form-language';
import { formPages, siteConfig } from '../../src/forms/form-pages';
import { pageValidator } from '../../src/forms/page-validators';
import { entryAt } from '../../src/forms/translation-files';
import { everySpanishText } from '../helpers/spanish-texts';

const spanish = (file: string, ...path: string[]) =>
  entryAt(JSON.parse(readFileSync(`forms/es/${file}.json`, 'utf8')), path)!.es;

describe('loadFormLanguage in the browser', () => {
  it('changes nothing for English, then puts Spanish in place for Spanish', async () => {
    const [first] = formPages;
    const englishTitle = first!.title;
    const university = siteConfig.university;
    const englishMessages = validate(pageValidator('about')!, {});

    await loadFormLanguage('en');
    expect(first!.title).toBe(englishTitle);
    expect(validate(pageValidator('about')!, {})).toEqual(englishMessages);

    await loadFormLanguage('es');
    expect(formPages[0]).toBe(first);
    expect(first!.title).toBe(spanish(first!.id, 'page', 'title'));
    expect(siteConfig.university).toBe(university);
    expect(university.applicationTitle).toBe(spanish('site', 'university', 'applicationTitle'));
    const texts = everySpanishText();
    const messages = Object.values(validate(pageValidator('about')!, {})).flat();
    expect(messages.length).toBeGreaterThan(3);
    expect(messages.filter((m) => !texts.has(m))).toEqual([]);
    expect(resolveOptions('countries')[1]?.label).toBe(
      spanish('site', 'builtIn', 'countries', 'USA'),
    );
  });
});
