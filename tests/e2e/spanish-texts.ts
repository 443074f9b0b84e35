/**
 * The Spanish the e2e journeys expect, read where the application reads it (issue 40): the page
 * translations (forms/es/*.json, each entry an { en, es } pair), the client's catalogues
 * (src/client/i18n/*.en.json and messages.es.json) and the server's (its English from the modules
 * that write it, its Spanish in src/server/i18n/messages.es.json). No Spanish is typed in a test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { englishCatalogue } from '../../src/server/i18n/english-catalogue';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** A translation entry: the English it was made from beside the Spanish. */
interface Pair {
  en: string;
  es: string;
}

const isPair = (value: unknown): value is Pair =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Pair).en === 'string' &&
  typeof (value as Pair).es === 'string';

/** Every { en, es } pair under `node`, in document order. */
function* pairs(node: unknown): Generator<Pair> {
  if (isPair(node)) yield node;
  else if (node !== null && typeof node === 'object') {
    for (const value of Object.values(node)) yield* pairs(value);
  }
}

const translationFiles = readdirSync(path.join(root, 'forms/es'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => readJson(`forms/es/${name}`));
const translationPairs = translationFiles.flatMap((file) => [...pairs(file)]);

/**
 * The entry of forms/es/{file}.json at `keys`, e.g. formText('about', 'questions', 'first_name',
 * 'label'); fails, naming it, when there is none.
 */
function formPair(file: string, ...keys: string[]): Pair {
  let node: unknown = readJson(`forms/es/${file}.json`);
  for (const key of keys) node = (node as Record<string, unknown> | undefined)?.[key];
  if (!isPair(node))
    throw new Error(`forms/es/${file}.json has no translation at ${keys.join('.')}`);
  return node;
}

/** The Spanish of forms/es/{file}.json at `keys`. */
export const formText = (file: string, ...keys: string[]): string => formPair(file, ...keys).es;

/** A page's title in Spanish and in English (from the same translation entry). */
export const spanishPageTitle = (pageId: string): string => formText(pageId, 'page', 'title');
export const englishPageTitle = (pageId: string): string => formPair(pageId, 'page', 'title').en;

/** The page ids that have a translation file (every page of the form). */
export const translatedPages: readonly string[] = readdirSync(path.join(root, 'forms/es'))
  .filter((name) => name.endsWith('.json') && name !== 'site.json')
  .map((name) => name.replace(/\.json$/, ''));

type Catalogue = Readonly<Record<string, string>>;

const clientEnglish: Catalogue = Object.assign(
  {},
  ...readdirSync(path.join(root, 'src/client/i18n'))
    .filter((name) => name.endsWith('.en.json'))
    .map((name) => readJson(`src/client/i18n/${name}`) as Catalogue),
) as Catalogue;
const clientSpanish = readJson('src/client/i18n/messages.es.json') as Catalogue;
const serverSpanish = readJson('src/server/i18n/messages.es.json') as Catalogue;
const serverEnglish: Catalogue = englishCatalogue;

function entry(catalogue: Catalogue, key: string, where: string): string {
  const message = catalogue[key];
  if (message === undefined) throw new Error(`${where} has no message "${key}"`);
  return message;
}

/** A client message in Spanish / English, as written in the catalogue (placeholders unfilled). */
export const clientEs = (key: string): string =>
  entry(clientSpanish, key, 'src/client/i18n/messages.es.json');
export const clientEn = (key: string): string =>
  entry(clientEnglish, key, 'src/client/i18n/*.en.json');
/** A server message in Spanish (mail, PDF, errors), placeholders unfilled. */
export const serverEs = (key: string): string =>
  entry(serverSpanish, key, 'src/server/i18n/messages.es.json');

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern's source for a filled message: each `{placeholder}` (a plural or select included)
 * matches any text, `<tag/>`, `<tag>` and `</tag>` nothing; `fill` names a placeholder's own
 * pattern, e.g. { code: '(\\d{6})' }.
 */
export function messageSource(message: string, fill: Record<string, string> = {}): string {
  let source = '';
  let depth = 0;
  let name = '';
  for (const char of message) {
    if (char === '{') {
      depth += 1;
      if (depth === 1) name = '';
      continue;
    }
    if (char === '}') {
      depth -= 1;
      if (depth === 0) source += fill[name.split(',')[0]?.trim() ?? ''] ?? '(.+?)';
      continue;
    }
    if (depth > 0) name += char;
    else source += escaped(char);
  }
  return source.replace(/<\/?\w+\/?>/g, '');
}

/** A pattern for the whole of a filled message (see messageSource). */
const messagePattern = (message: string): RegExp => new RegExp(`^${messageSource(message)}$`);

/**
 * Whether a message says enough of its own to recognise it: "{page} - {application}" or
 * "{label}: {fileName}" would match almost any text.
 */
const saysSomething = (message: string): boolean =>
  (message.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, '').match(/\p{L}/gu) ?? []).length >= 4;

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

const templates = (catalogue: Catalogue) =>
  Object.values(catalogue)
    .filter(saysSomething)
    .map((message) => messagePattern(collapse(message)));

const spanishTemplates = [
  ...translationPairs.map((pair) => messagePattern(collapse(pair.es))),
  ...templates(clientSpanish),
  ...templates(serverSpanish),
];
const spanishSet = new Set(translationPairs.map((pair) => collapse(pair.es)));
const englishTemplates = [
  ...translationPairs
    .filter((pair) => !spanishSet.has(collapse(pair.en)))
    .map((pair) => messagePattern(collapse(pair.en))),
  ...templates(clientEnglish),
  ...templates(serverEnglish),
];

/** Whether `text` is one of the Spanish texts (a message with its placeholders filled counts). */
export const isSpanishText = (text: string): boolean =>
  spanishTemplates.some((pattern) => pattern.test(collapse(text)));

/**
 * Whether `text` is one of the English texts and not also a Spanish one (a name such as
 * "Minnesota" or "Error" reads the same in both).
 */
export const isEnglishOnlyText = (text: string): boolean =>
  !isSpanishText(text) && englishTemplates.some((pattern) => pattern.test(collapse(text)));

/**
 * Every page text of the translation files whose English differs from its Spanish and reads as
 * words (more than one letter): what a Spanish page must not show.
 */
export const englishFormTexts = (file: string): string[] =>
  [...pairs(readJson(`forms/es/${file}.json`))]
    .filter((pair) => collapse(pair.en) !== collapse(pair.es) && /\p{L}{2}/u.test(pair.en))
    .map((pair) => collapse(pair.en));
