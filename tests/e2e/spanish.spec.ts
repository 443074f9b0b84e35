/**
 * The application in Spanish, end to end (issue 40, "Done when"): the language control on /about,
 * a browser set to Spanish, a Spanish applicant from Sign Up to Submit and the PDF copy, the
 * account's language on another browser and in the password-reset mail, and axe on the Spanish
 * pages at 1280 and 390 px. Every expected text is read from forms/es/*.json and the catalogues
 * (tests/e2e/spanish-texts.ts), never typed here.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { localeCookie, localeNames } from '../../src/contract/locale';
import { readPdf } from '../server/helpers/pdf-text';
import { containing, offeredOption } from '../helpers/shipped-texts';
import { expectNoAxeViolations } from './axe';
import { password, signUpConfirmAndLogIn, uniqueEmail } from './journey';
import { waitForMail } from './outbox';
import {
  clientEn,
  clientEs,
  englishFormTexts,
  englishPageTitle,
  formText,
  isEnglishOnlyText,
  isSpanishText,
  messageSource,
  serverEs,
  spanishPageTitle,
  translatedPages,
} from './spanish-texts';

const pageHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });
/** The input of an answer key (ids are the key plus "-input"). */
const field = (page: Page, key: string) => page.locator(`[id="${key}-input"]`);
const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
/** A question's Spanish label on a page (forms/es/{pageId}.json). */
const label = (pageId: string, key: string) => formText(pageId, 'questions', key, 'label');
const option = (pageId: string, key: string, code: string) =>
  formText(pageId, 'questions', key, 'options', code);
/** An address part's Spanish label (forms/es/site.json builtIn.partLabels). */
const partLabel = (part: string) => formText('site', 'builtIn', 'partLabels', part);

/** A context of its own (no cookie yet), with the configured base URL and `locale`. */
function newContext(browser: Browser, locale: string) {
  return browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
}

/** Chooses a language with the control every page shows (named in the page's language). */
async function chooseSpanish(page: Page, controlName: string) {
  const control = page.getByRole('navigation', { name: controlName });
  const spanish = control.getByRole('button', { name: localeNames.es, exact: true });
  await expect(spanish).toHaveAttribute('lang', 'es');
  await spanish.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

/**
 * Every text the page shows or gives a screen reader (each element with text of its own, hidden
 * ones for assistive technology included), without the required marks; the language control,
 * which names English in English, left out.
 */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('.language-switch, script, style, noscript, template')) continue;
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!ownText || !element.checkVisibility()) continue;
      const text = element.innerText
        .replace(/\s+/g, ' ')
        .replace(/\s*\*$/, '')
        .trim();
      if (text !== '') texts.push(text);
    }
    return texts;
  });
}

/**
 * Words that Spanish never uses and most English sentences do: they find an English text that no
 * catalogue holds (one written straight into a component).
 */
const englishWords = /\b(the|of|your|you|and|is|are|to|with|please|required|step)\b/i;

/**
 * No text on screen is one of the English texts (forms/es/*.json's English, the catalogues') or
 * reads as English.
 */
async function expectNoEnglishShown(page: Page, where: string) {
  const shown = await shownTexts(page);
  expect(shown.length, `texts on ${where}`).toBeGreaterThan(10);
  const english = new Set(translatedPages.concat('site').flatMap(englishFormTexts));
  const isEnglish = (text: string) =>
    english.has(text) ||
    isEnglishOnlyText(text) ||
    (!isSpanishText(text) && englishWords.test(text));
  expect(shown.filter(isEnglish), `English texts on ${where}`).toEqual([]);
}

/** /about in Spanish: <html lang="es">, the title, the labels and no English text of the page. */
async function expectSpanishAbout(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(pageHeading(page, spanishPageTitle('about'))).toBeVisible();
  for (const key of ['first_name', 'last_name', 'birth_date']) {
    await expect(field(page, key)).toHaveAccessibleName(label('about', key));
  }
  const gender = page.getByRole('radiogroup', { name: label('about', 'gender') });
  await expect(gender.getByRole('radio', { name: option('about', 'gender', 'F') })).toBeVisible();
  await expect(combobox(page, partLabel('country')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: clientEs('page.saveNext') })).toBeVisible();
  await expectNoEnglishShown(page, '/about');
}

test('a visitor on /about chooses Español: the page in Spanish, <html lang="es">, kept on reload', async ({
  page,
  context,
}) => {
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(pageHeading(page, englishPageTitle('about'))).toBeVisible();
  await field(page, 'first_name').fill('Ada');

  await chooseSpanish(page, clientEn('language.label'));
  await expectSpanishAbout(page);
  // What the visitor typed survives the change of language.
  await expect(field(page, 'first_name')).toHaveValue('Ada');
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === localeCookie)?.value).toBe('es');
  // Español is now the current language, not a button; English is offered, in English.
  const control = page.getByRole('navigation', { name: clientEs('language.label') });
  await expect(control.getByRole('button', { name: localeNames.en })).toHaveAttribute('lang', 'en');

  await page.reload();
  await expectSpanishAbout(page);
});

test('a browser set to Spanish opens /about in Spanish on its first visit', async ({ browser }) => {
  const context = await newContext(browser, 'es-ES');
  const page = await context.newPage();
  const response = await page.goto('/about');
  // The server's page is Spanish already, before the script runs (prerendered per language).
  expect(await response?.text()).toMatch(/<html[^>]* lang="es"/);
  await expectSpanishAbout(page);
  expect((await context.cookies()).some((cookie) => cookie.name === localeCookie)).toBe(false);
  await context.close();
});

/** Saves the download the link starts and reads the PDF back. */
async function downloadPdf(page: Page, start: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return readPdf(bytes);
}

/** Every message a refused Submit puts on screen: the summary, the fields' errors, the toasts. */
function messagesShown(page: Page): Promise<string[]> {
  return page
    .locator(
      '.error-summary :is(h2, h3, h4, p, a), .question__error-message, .toast :is(.toast__title, .toast__message, li)',
    )
    .evaluateAll((elements) =>
      elements
        .filter((element) => (element as HTMLElement).checkVisibility())
        .map((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim())
        .filter((text) => text !== ''),
    );
}

test('a Spanish applicant: sign up, confirm, log in, three pages, a refused Submit, Submit, the PDF', async ({
  browser,
}) => {
  const context = await newContext(browser, 'es-ES');
  const page = await context.newPage();
  const email = uniqueEmail('espanol');
  const emailLabel = clientEs('auth.email');
  const passwordLabel = clientEs('auth.password');
  const send = () => page.getByRole('button', { name: clientEs('auth.submit'), exact: true });

  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(pageHeading(page, clientEs('auth.signUp.title'))).toBeVisible();
  await expectNoEnglishShown(page, '/signup');
  await page.getByLabel(emailLabel).fill(email);
  await page.getByLabel(passwordLabel, { exact: true }).fill(password);
  await send().click();

  // The confirmation mail is in Spanish: its code is read through the Spanish sentence.
  await expect(pageHeading(page, clientEs('auth.confirm.title'))).toBeVisible();
  const codeLine = new RegExp(
    messageSource(serverEs('mail.confirmationCode'), { code: '(\\d{6})' }),
  );
  const [, code] = await waitForMail(email, codeLine);
  await waitForMail(email, new RegExp(messageSource(serverEs('mail.confirmationEnter'))));
  await expectNoEnglishShown(page, '/confirm');
  await page.getByLabel(clientEs('auth.code')).fill(code ?? '');
  await send().click();

  await expect(pageHeading(page, clientEs('auth.login.title'))).toBeVisible();
  await expectNoEnglishShown(page, '/login');
  await page.getByLabel(emailLabel).fill(email);
  await page.getByLabel(passwordLabel, { exact: true }).fill(password);
  await send().click();

  // About You, with the city left out.
  await expect(pageHeading(page, spanishPageTitle('about'))).toBeVisible();
  await expect(page.getByRole('heading', { name: clientEs('welcome.firstTitle') })).toBeVisible();
  await field(page, 'first_name').fill('Ada');
  await field(page, 'last_name').fill('Lovelace');
  await field(page, 'birth_date').fill('2007-05-01');
  await page.getByRole('radio', { name: option('about', 'gender', 'F'), exact: true }).check();
  await field(page, 'phone_mobile').pressSequentially('5075550100');
  await field(page, 'address_line_1').fill('1 College Avenue');
  await combobox(page, partLabel('country')).click();
  await page
    .getByRole('option', { name: formText('site', 'builtIn', 'countries', 'USA'), exact: true })
    .click();
  await combobox(page, partLabel('state')).click();
  await page.getByRole('option', { name: 'Minnesota' }).click();
  await field(page, 'zip').fill('55057');
  await page.getByRole('button', { name: clientEs('page.saveNext') }).click();

  await expect(pageHeading(page, spanishPageTitle('education'))).toBeVisible();
  await expectNoEnglishShown(page, '/education');
  await combobox(page, label('education', 'entry_term')).click();
  await page
    .getByRole('option', {
      name: option('education', 'entry_term', offeredOption('entry_term').value),
    })
    .click();
  await combobox(page, label('education', 'applied_major')).click();
  await page
    .getByRole('option', {
      name: option('education', 'applied_major', offeredOption('applied_major').value),
      exact: true,
    })
    .click();
  await page
    .getByRole('combobox', { name: label('education', 'hs_school-search') })
    .pressSequentially('Northfield High');
  await page.getByRole('option').filter({ hasText: 'Northfield High School' }).first().click();
  await page.getByRole('button', { name: clientEs('page.saveNext') }).click();

  await expect(pageHeading(page, spanishPageTitle('final-steps'))).toBeVisible();
  await expectNoEnglishShown(page, '/final-steps');
  await page
    .getByRole('radio', {
      name: option('final-steps', 'counselor_waiver_request', 'Y'),
      exact: true,
    })
    .check();
  await page
    .getByRole('checkbox', { name: label('final-steps', 'legal_agree'), exact: true })
    .check();

  // The server refuses the submit too, in Spanish (the request's language).
  const refused = await page.evaluate(async () => {
    const response = await fetch('/api/submit', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
  expect(refused.status).toBe(422);
  const body = refused.body as { message: string; errors?: Record<string, string[]> };
  const serverMessages = [body.message, ...Object.values(body.errors ?? {}).flat()];
  expect(serverMessages).toContain(formText('about', 'messages', 'city', 'required'));
  expect(serverMessages.filter((text) => !isSpanishText(text) || isEnglishOnlyText(text))).toEqual(
    [],
  );

  // Submit on the page: refused, the summary on About You, every message in Spanish.
  await page.getByRole('button', { name: clientEs('page.submit'), exact: true }).click();
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole('heading', { name: clientEs('errorSummary.heading') }),
  ).toBeVisible();
  const cityMessage = formText('about', 'messages', 'city', 'required');
  await expect(summary.getByRole('link', { name: cityMessage })).toBeVisible();
  await expect(page.locator('.question__error-message', { hasText: cityMessage })).toBeVisible();
  const shown = await messagesShown(page);
  expect(shown).toEqual(
    expect.arrayContaining([
      clientEs('errorSummary.heading'),
      spanishPageTitle('about'),
      formText('about', 'errorSummary', 'address', 'title'),
      cityMessage,
    ]),
  );
  expect(shown.filter((text) => !isSpanishText(text))).toEqual([]);
  expect(shown.filter(isEnglishOnlyText)).toEqual([]);
  await expectNoEnglishShown(page, '/about after the refused Submit');

  // The city given, Submit goes through.
  await field(page, 'city').fill('Northfield');
  await expect(summary).toHaveCount(0);
  await page
    .getByRole('navigation', { name: clientEs('steps.label') })
    .getByRole('link', { name: containing(spanishPageTitle('final-steps')) })
    .click();
  await expect(pageHeading(page, spanishPageTitle('final-steps'))).toBeVisible();
  await page.getByRole('button', { name: clientEs('page.submit'), exact: true }).click();

  await expect(page).toHaveURL(/\/completion$/);
  await expect(pageHeading(page, clientEs('completion.title'))).toBeVisible();
  const link = page.getByRole('link', { name: clientEs('pdf.download') });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expectNoEnglishShown(page, '/completion');

  // The PDF copy: the Spanish page titles, none of the English ones.
  const pdf = await downloadPdf(page, () => link.click());
  expect(pdf.text).toContain('Lovelace');
  for (const pageId of translatedPages) {
    expect(pdf.outline).toContain(spanishPageTitle(pageId));
    expect(pdf.text).toContain(spanishPageTitle(pageId));
    expect(pdf.text).not.toContain(englishPageTitle(pageId));
    expect(pdf.outline).not.toContain(englishPageTitle(pageId));
  }
  expect(pdf.text).toContain(label('about', 'first_name'));
  expect(pdf.text).toContain(
    option('education', 'applied_major', offeredOption('applied_major').value),
  );
  await context.close();
});

test('an applicant who chose Español: Spanish on another browser after signing in, and a Spanish reset mail', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('otro-navegador');
  await signUpConfirmAndLogIn(page, email);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await chooseSpanish(page, clientEn('language.label'));
  await expect(pageHeading(page, spanishPageTitle('about'))).toBeVisible();

  // Another browser, English by its settings and without the cookie: Spanish once signed in.
  const other = await newContext(browser, 'en-US');
  const second = await other.newPage();
  await second.goto('/login');
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');
  await expect(pageHeading(second, clientEn('auth.login.title'))).toBeVisible();
  await second.getByLabel(clientEn('auth.email')).fill(email);
  await second.getByLabel(clientEn('auth.password'), { exact: true }).fill(password);
  await second.getByRole('button', { name: clientEn('auth.submit'), exact: true }).click();
  await expectSpanishAbout(second);
  expect((await other.cookies()).find((cookie) => cookie.name === localeCookie)?.value).toBe('es');

  // A password reset asked from an English browser: the mail follows the account's language.
  const third = await newContext(browser, 'en-US');
  const forgot = await third.newPage();
  await forgot.goto('/forgot');
  await expect(pageHeading(forgot, clientEn('auth.forgot.title'))).toBeVisible();
  await forgot.getByLabel(clientEn('auth.email')).fill(email);
  await forgot.getByRole('button', { name: clientEn('auth.submit'), exact: true }).click();
  const [, link] = await waitForMail(
    email,
    new RegExp(messageSource(serverEs('mail.resetLink'), { link: '(\\S+)' })),
  );
  expect(link).toMatch(/\/reset\?/);
  await waitForMail(email, new RegExp(messageSource(serverEs('mail.resetRequested'))));
  await waitForMail(email, new RegExp(messageSource(serverEs('mail.resetExpires'))));
  await other.close();
  await third.close();
});

test.describe('axe on the Spanish pages', () => {
  test.use({ locale: 'es-ES' });

  for (const width of [1280, 390]) {
    test(`at ${width} px: the three pages, a dialog and the account cards`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const pageId of translatedPages) {
        await page.goto(`/${pageId}`);
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
        await expect(pageHeading(page, spanishPageTitle(pageId))).toBeVisible();
        await expectNoAxeViolations(page, `/${pageId} in Spanish at ${width} px`);
      }

      await page.goto('/about');
      await expect(pageHeading(page, spanishPageTitle('about'))).toBeVisible();
      await page
        .getByRole('contentinfo')
        .getByRole('button', { name: clientEs('footer.help'), exact: true })
        .click();
      const help = page.getByRole('dialog', { name: formText('site', 'help', 'title') });
      await expect(help).toBeVisible();
      await expectNoAxeViolations(page, `the Help dialog in Spanish at ${width} px`);
      await page.keyboard.press('Escape');

      const cards = [
        ['/login', 'auth.login.title'],
        ['/signup', 'auth.signUp.title'],
        ['/confirm', 'auth.confirm.title'],
      ] as const;
      for (const [route, title] of cards) {
        await page.goto(route);
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
        await expect(pageHeading(page, clientEs(title))).toBeVisible();
        await expectNoAxeViolations(page, `${route} in Spanish at ${width} px`);
      }
      // The sign-up card's field errors and its password list, half met.
      await page.goto('/signup');
      await page.getByLabel(clientEs('auth.email')).fill('no-es-una-direccion');
      await page.getByLabel(clientEs('auth.password'), { exact: true }).fill('corta');
      await page.getByRole('button', { name: clientEs('auth.submit'), exact: true }).click();
      await expectNoAxeViolations(page, `/signup in Spanish with field errors at ${width} px`);
    });
  }
});
