/**
 * The definitions in Spanish (src/forms/localize.ts, forms-in-language.ts): a page and the site
 * localized from a translation, and the compiled validators' messages in Spanish. Fixture texts,
 * or texts read from the shipped translation files (tests/helpers/spanish-texts.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PageDefinition, SiteConfig } from '../../src/engine/definitions';
import { validatePage } from '../../src/engine/page-validation';
import { blockParts } from '../../src/engine/page-fields';
import { installListLabels, resolveOptions } from '../../src/engine/option-lists';
import { installMessageTranslator, validate } from '../../src/engine/validation';
import { allQuestions } from '../../src/engine/walk-definition';
import {
  formPagesIn,
  listLabelsIn,
  messageTranslatorIn,
  siteConfigIn,
} from '../../src/forms/forms-in-language';
import { formPages, siteConfig } from '../../src/forms/form-pages';
import {
  assignInPlace,
  listLabels,
  localizePage,
  localizeSite,
  messageTranslator,
} from '../../src/forms/localize';
import { pageValidator } from '../../src/forms/page-validators';
import type { PageTranslation, SiteTranslation } from '../../src/forms/translation-files';
import { everySpanishText, spanishBuiltIn, spanishMessage } from '../helpers/spanish-texts';

const page: PageDefinition = {
  id: 'pets',
  title: 'Your Pets',
  step: 1,
  route: '/pets',
  errorSummary: [{ id: 'pet', title: 'Pet', keys: ['pet_kind'] }],
  sections: [
    {
      id: 'pet',
      title: 'Your Pet',
      description: 'Tell us about one pet.',
      questions: [
        {
          type: 'radio',
          key: 'pet_kind',
          label: 'Kind of Pet',
          hint: 'Choose the closest.',
          options: [
            { value: 'CAT', label: 'Cat' },
            { value: 'DOG', label: 'Dog' },
          ],
        },
        { type: 'select', key: 'pet_month', label: 'Month of Adoption', options: 'months' },
        { type: 'address', prefix: 'pet_', label: 'Where Your Pet Lives' },
        {
          type: 'add-another',
          id: 'toys',
          max: 2,
          buttonLabel: 'Add a Toy',
          questions: [{ type: 'text', key: 'toy_{n}', label: 'Toy {n}' }],
        },
        { type: 'paragraph', id: 'pet-note', text: 'Pets are welcome.' },
      ],
    },
  ],
};

const translation: PageTranslation = {
  page: { title: { en: 'Your Pets', es: 'Sus mascotas' } },
  errorSummary: { pet: { title: { en: 'Pet', es: 'Mascota' } } },
  sections: {
    pet: {
      title: { en: 'Your Pet', es: 'Su mascota' },
      // Stale: made from other English.
      description: { en: 'Tell us about a pet.', es: 'Cuéntenos sobre una mascota.' },
    },
  },
  questions: {
    pet_kind: {
      label: { en: 'Kind of Pet', es: 'Tipo de mascota' },
      options: { CAT: { en: 'Cat', es: 'Gato' }, DOG: { en: 'Dog', es: 'Perro' } },
    },
    toys: { buttonLabel: { en: 'Add a Toy', es: 'Agregar un juguete' } },
    'toy_{n}': { label: { en: 'Toy {n}', es: 'Juguete {n}' } },
    'pet-note': { text: { en: 'Pets are welcome.', es: 'Las mascotas son bienvenidas.' } },
  },
};

const months = Object.fromEntries(
  Array.from({ length: 12 }, (_v, i) => [String(i + 1), { en: `M${i + 1}`, es: `Mes ${i + 1}` }]),
);
const builtIn = {
  partLabels: { city: { en: 'Town', es: 'Ciudad (fixture)' } },
  months,
};

describe('localizePage', () => {
  const spanish = localizePage(page, translation, builtIn);
  const questions = allQuestions(spanish);

  it('puts every translated text in place, keeping the structure and the option values', () => {
    expect(spanish.title).toBe('Sus mascotas');
    expect(spanish.errorSummary[0]?.title).toBe('Mascota');
    expect(spanish.sections[0]?.title).toBe('Su mascota');
    expect(questions[0]).toMatchObject({
      label: 'Tipo de mascota',
      options: [
        { value: 'CAT', label: 'Gato' },
        { value: 'DOG', label: 'Perro' },
      ],
    });
    expect(questions[3]).toMatchObject({ buttonLabel: 'Agregar un juguete' });
    expect(questions[4]).toMatchObject({ key: 'toy_{n}', label: 'Juguete {n}' });
    expect(questions[5]).toMatchObject({ text: 'Las mascotas son bienvenidas.' });
  });

  it('keeps the English of a missing or stale translation', () => {
    expect(questions[0]).toMatchObject({ hint: 'Choose the closest.' });
    expect(spanish.sections[0]?.description).toBe('Tell us about one pet.');
    expect(questions[2]).toMatchObject({ label: 'Where Your Pet Lives' });
  });

  it('translates the engine’s own texts: month names and address part labels', () => {
    expect(questions[1]).toMatchObject({
      options: Array.from({ length: 12 }, (_v, i) => ({
        value: String(i + 1),
        label: `Mes ${i + 1}`,
      })),
    });
    const parts = blockParts(questions[2] as Parameters<typeof blockParts>[0]);
    const city = parts.find((part) => part.part === 'city');
    expect(city?.question.label).toBe('Ciudad (fixture)');
    const english = blockParts(allQuestions(page)[2] as Parameters<typeof blockParts>[0]);
    expect(parts.find((part) => part.part === 'zip')?.question.label).toBe(
      english.find((part) => part.part === 'zip')?.question.label,
    );
  });

  it('leaves the English page as it was', () => {
    expect(page.title).toBe('Your Pets');
    expect(allQuestions(page)[1]).toMatchObject({ options: 'months' });
  });

  it('copies into the English in place, keeping every object the same object', () => {
    const english = structuredClone(page);
    const section = english.sections[0];
    assignInPlace(english, localizePage(english, translation, builtIn));
    expect(english.sections[0]).toBe(section);
    expect(section?.title).toBe('Su mascota');
  });
});

describe('localizeSite', () => {
  const site = {
    university: {
      name: 'Fixture College',
      applicationTitle: 'Apply',
      privacyPolicyUrl: 'https://example.edu/p',
      addressLines: ['1 Main St'],
      helpEmail: 'help@example.edu',
      phone: '(555) 555-0100',
    },
    alerts: [{ start: '2030-01-01', end: '2030-02-01', text: 'Apply soon.' }],
    help: { title: 'Help', office: 'Call us.' },
    privacy: { title: 'Privacy', cookies: { what: 'Cookies.', browserLinks: [] } },
  } as unknown as SiteConfig;
  const spanish: SiteTranslation = {
    university: { applicationTitle: { en: 'Apply', es: 'Solicite' } },
    alerts: { '2030-01-01': { text: { en: 'Apply soon.', es: 'Solicite pronto.' } } },
    help: { office: { en: 'Call us.', es: 'Llámenos.' } },
    privacy: { cookies: { what: { en: 'Cookies.', es: 'Cookies (es).' } } },
  };

  it('translates the title, alerts by start date, Help and Privacy; names stay', () => {
    const localized = localizeSite(site, spanish);
    expect(localized.university).toEqual({ ...site.university, applicationTitle: 'Solicite' });
    expect(localized.alerts).toEqual([{ ...site.alerts[0], text: 'Solicite pronto.' }]);
    expect(localized.help).toEqual({ title: 'Help', office: 'Llámenos.' });
    expect(localized.privacy).toEqual({
      title: 'Privacy',
      cookies: { what: 'Cookies (es).', browserLinks: [] },
    });
  });
});

describe('messageTranslator', () => {
  const translate = messageTranslator(
    [{ messages: { pet_kind: { required: { en: 'Pick a kind.', es: 'Elija un tipo.' } } } }],
    { builtIn: { notAnOption: { en: 'Not listed.', es: 'No está en la lista.' } } },
  );

  it('translates a field’s message, any field’s engine message, and leaves others', () => {
    expect(translate('pet_kind', 'Pick a kind.')).toBe('Elija un tipo.');
    expect(translate('other', 'Pick a kind.')).toBe('Pick a kind.');
    expect(translate('other', 'Not listed.')).toBe('No está en la lista.');
    expect(translate('pet_kind', 'Something else.')).toBe('Something else.');
  });
});

describe('the compiled validators in Spanish', () => {
  afterEach(() => installMessageTranslator(undefined));
  const about = pageValidator('about')!;
  const spanish = { translate: messageTranslatorIn('es') };

  it('gives each message in Spanish, from the same validator that gives the English', () => {
    const english = validate(about, {});
    const translated = validate(about, {}, spanish);
    expect(Object.keys(translated)).toEqual(Object.keys(english));
    expect(Object.keys(english).length).toBeGreaterThan(3);
    for (const [field, messages] of Object.entries(english))
      expect(translated[field]).toEqual(messages.map((m) => spanishMessage('about', field, m)));
  });

  it('fills the placeholders after translating', () => {
    const answers = { mailing_addr_effective_date: '2099-01-01' };
    const [english] = validate(about, answers).mailing_addr_effective_date ?? [];
    const [translated] = validate(about, answers, spanish).mailing_addr_effective_date ?? [];
    const year = english?.match(/\d{4}/)?.[0];
    expect(year).toBeDefined();
    const template = spanishMessage(
      'about',
      'mailing_addr_effective_date',
      english!.replace(year!, '{year}'),
    );
    expect(translated).toBe(template.replace('{year}', year!));
  });

  it('speaks Spanish by default once the browser installs the translator', () => {
    installMessageTranslator(messageTranslatorIn('es'));
    const messages = Object.values(validate(about, {})).flat();
    const spanishTexts = everySpanishText();
    expect(messages.every((m) => spanishTexts.has(m))).toBe(true);
  });

  it('gives the not-an-option message in Spanish', () => {
    const aboutPage = formPages.find((p) => p.id === 'about')!;
    const errors = validatePage(aboutPage, about, { answers: { gender: 'no-such-code' } }, spanish);
    expect(errors.gender).toContain(spanishBuiltIn('notAnOption'));
  });
});

describe('the server’s definitions in a language', () => {
  it('gives the English as they are, and Spanish pages and site from the translations', () => {
    expect(formPagesIn('en')).toBe(formPages);
    expect(siteConfigIn('en')).toBe(siteConfig);
    const pages = formPagesIn('es');
    expect(pages.map((p) => p.id)).toEqual(formPages.map((p) => p.id));
    expect(pages.map((p) => p.title)).not.toEqual(formPages.map((p) => p.title));
    expect(formPagesIn('es')).toBe(pages);
    expect(siteConfigIn('es').university.name).toBe(siteConfig.university.name);
    expect(siteConfigIn('es').university.applicationTitle).not.toBe(
      siteConfig.university.applicationTitle,
    );
  });
});

describe('named lists in another language', () => {
  afterEach(() => installListLabels(undefined));
  const labels = listLabels({
    countries: {
      USA: { en: 'United States', es: 'Estados Unidos (fixture)' },
      CAN: { en: 'Canada', es: 'Zz Canadá (fixture)' },
      MEX: { en: 'Mexico', es: 'Aa México (fixture)' },
    },
  });

  it('keeps the values, translates the labels and orders countries by their new names', () => {
    const english = resolveOptions('countries');
    const spanish = resolveOptions('countries', { listLabels: labels });
    expect(spanish.map((o) => o.value).sort()).toEqual(english.map((o) => o.value).sort());
    expect(spanish[1]).toEqual({ value: 'USA', label: 'Estados Unidos (fixture)' });
    const withoutUsa = resolveOptions('countries-without-usa', { listLabels: labels });
    expect(withoutUsa[1]).toEqual({ value: 'MEX', label: 'Aa México (fixture)' });
    expect(withoutUsa.at(-1)).toEqual({ value: 'CAN', label: 'Zz Canadá (fixture)' });
    expect(resolveOptions('months', { listLabels: labels })).toEqual(resolveOptions('months'));
  });

  it('uses the installed labels when the context names none (the browser)', () => {
    installListLabels(labels);
    expect(resolveOptions('countries')[1]?.label).toBe('Estados Unidos (fixture)');
  });

  it('gives the server every country in Spanish from the shipped translation', () => {
    const english = resolveOptions('countries');
    const spanish = resolveOptions('countries', { listLabels: listLabelsIn('es') });
    const spanishTexts = everySpanishText();
    expect(spanish.slice(1).every((o) => spanishTexts.has(o.label))).toBe(true);
    expect(spanish.length).toBe(english.length);
    expect(listLabelsIn('en')).toBeUndefined();
  });
});
