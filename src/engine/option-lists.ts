/**
 * Option lists (SPEC §3 "Option lists"): named lists (countries with the USA first, countries
 * without the USA, months, US states, Canadian provinces and territories, years), inline lists,
 * and lists chosen by another answer. Every list begins with an empty option shown as '--'.
 */
import type {
  Answers,
  ByAnswerSource,
  NamedListSource,
  OptionItem,
  OptionSource,
} from './definitions';
import { localIsoDate } from './alerts';
import type { NamedListRows } from './data/named-list-rows';

let rows: NamedListRows | undefined;

/** Gives the named lists their rows: the browser's, once fetched (client/form/named-lists.ts). */
export function installNamedListRows(loaded: NamedListRows): void {
  rows = loaded;
}

/** Whether the named lists' rows are here (always, outside the browser's bundle). */
export const namedListRowsReady = (): boolean => rows !== undefined;

// Outside the browser's bundle (the server, the prerender, scripts and tests under Node) the rows
// are here before any list is read. Vite's client build reads `import.meta.env.SSR` as false and
// drops this import: the browser's first load goes without the rows, so reading a list that needs
// them before they are fetched is a mistake, said at once (an empty list would pass any value as
// listed: isListedOption).
if (import.meta.env?.SSR !== false)
  installNamedListRows((await import('./data/named-list-rows')).namedListRows);

function rowsOf(name: keyof NamedListRows): NamedListRows[keyof NamedListRows] {
  if (!rows) throw new Error(`The named lists' rows (${name}) are read before they were loaded.`);
  return rows[name];
}

export const EMPTY_OPTION: OptionItem = { value: '', label: '--' };

/** The `months` list's labels; its values are 1 to 12. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const items = (pairs: ReadonlyArray<readonly [string, string]>): OptionItem[] =>
  pairs.map(([value, label]) => ({ value, label }));

const isUsa = ([code]: readonly [string, string]) => code === 'USA';

/** Built once, on first use; callers get the same (never mutated) arrays every time. */
const once = <T>(build: () => T): (() => T) => {
  let built: T | undefined;
  return () => (built ??= build());
};

const fixedLists: Record<string, () => OptionItem[]> = {
  countries: once(() => {
    const countries = rowsOf('countries');
    return items([...countries.filter(isUsa), ...countries.filter((row) => !isUsa(row))]);
  }),
  'countries-without-usa': once(() => items(rowsOf('countries').filter((row) => !isUsa(row)))),
  months: once(() => monthNames.map((label, i) => ({ value: String(i + 1), label }))),
  'us-states': once(() => items(rowsOf('usStates'))),
  'canadian-provinces': once(() => items(rowsOf('canadianProvinces'))),
};

/** The named lists whose rows the browser fetches apart (namedListRowsReady). */
const listsWithRows = new Set([
  'countries',
  'countries-without-usa',
  'us-states',
  'canadian-provinces',
]);

/**
 * Named lists' labels in another language, by label table (`countries`, `months`) then value;
 * a value without one keeps its English label. Option values never change.
 */
export type ListLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The label table each translatable list reads (both country lists share one). */
const labelTables: Record<string, string> = {
  countries: 'countries',
  'countries-without-usa': 'countries',
  months: 'months',
};

let installedListLabels: ListLabels | undefined;
const translatedLists = new WeakMap<ListLabels, Map<string, OptionItem[]>>();

/**
 * Sets the labels named lists show when a context names none: the browser's, once its language is
 * loaded (src/forms/form-language.ts); the language is fixed for a page's life.
 */
export function installListLabels(labels: ListLabels | undefined): void {
  installedListLabels = labels;
}

/**
 * A list with its labels translated, built once per translation: countries in the order of their
 * translated names (the USA still first where it leads), months in calendar order.
 */
function translatedList(name: string, list: OptionItem[], labels: ListLabels): OptionItem[] {
  const table = labels[labelTables[name] ?? ''];
  if (!table) return list;
  let lists = translatedLists.get(labels);
  if (!lists) translatedLists.set(labels, (lists = new Map()));
  let translated = lists.get(name);
  if (!translated) {
    translated = list.map((option) => ({ ...option, label: table[option.value] ?? option.label }));
    if (labelTables[name] === 'countries') {
      const first = name === 'countries' ? translated.filter((o) => o.value === 'USA') : [];
      const rest = translated.filter((o) => !first.includes(o));
      translated = [...first, ...rest.sort((a, b) => a.label.localeCompare(b.label, 'es'))];
    }
    lists.set(name, translated);
  }
  return translated;
}

/** The names a form may use in `options` (forms:check rejects any other). */
export const optionListNames: readonly string[] = [...Object.keys(fixedLists), 'years'];

export interface OptionContext {
  answers?: Answers;
  /** The instant year lists count from and dated options are offered by; defaults to now. */
  now?: Date;
  /** Named lists' labels in the applicant's language; defaults to the installed ones (none). */
  listLabels?: ListLabels;
}

/** Whether an option is still offered on a local calendar date (YYYY-MM-DD). */
export function isOffered(option: OptionItem, today: string): boolean {
  return option.starts === undefined || today < option.starts;
}

/** Options offered on the day of `now`; dated options drop out on their start date. */
function offered(options: OptionItem[], now: Date): OptionItem[] {
  if (!options.some((option) => option.starts !== undefined)) return options;
  const today = localIsoDate(now);
  return options.filter((option) => isOffered(option, today));
}

/** The options of a source, each list starting with the empty '--' option. */
export function resolveOptions(source: OptionSource, context: OptionContext = {}): OptionItem[] {
  return [EMPTY_OPTION, ...withoutEmpty(resolve(source, context))];
}

/** The options on offer; `everyLabel` keeps dated options that are no longer offered. */
function resolve(source: OptionSource, context: OptionContext, everyLabel = false): OptionItem[] {
  if (typeof source === 'string') return named({ list: source }, context);
  if (Array.isArray(source))
    return everyLabel ? source : offered(source, context.now ?? new Date());
  if ('byAnswer' in source) {
    const chosen = chooseCase(source, context.answers ?? {});
    return chosen === undefined ? [] : resolve(chosen, context, everyLabel);
  }
  return named(source, context);
}

function chooseCase(source: ByAnswerSource, answers: Answers): OptionSource | undefined {
  const value = answers[source.byAnswer] ?? '';
  return Object.hasOwn(source.cases, value) ? source.cases[value] : source.default;
}

function named(source: NamedListSource, context: OptionContext): OptionItem[] {
  if (source.list === 'years') return yearList(source, context.now ?? new Date());
  const list = fixedLists[source.list]?.() ?? [];
  const labels = context.listLabels ?? installedListLabels;
  return labels ? translatedList(source.list, list, labels) : list;
}

/**
 * Years from a start year (default this year, moved by startOffset), count long, past or future;
 * from the `until` month-day of a year on, the list starts one year later.
 */
function yearList(source: NamedListSource, now: Date): OptionItem[] {
  const passed = source.until !== undefined && localIsoDate(now).slice(5) >= source.until;
  const start = (source.start ?? now.getFullYear() + (source.startOffset ?? 0)) + (passed ? 1 : 0);
  const step = source.direction === 'past' ? -1 : 1;
  return Array.from({ length: source.count ?? 10 }, (_v, i) => {
    const year = String(start + i * step);
    return { value: year, label: year };
  });
}

const withoutEmpty = (options: OptionItem[]): OptionItem[] =>
  options.filter((option) => option.value !== '');

/**
 * The label of an option value (what `{key}_desc` stores), or '' when the value is not listed.
 * A dated option no longer offered keeps its label: an answer given before still reads as text.
 */
export function optionLabel(
  source: OptionSource,
  value: string,
  context: OptionContext = {},
): string {
  if (value === '') return '';
  return resolve(source, context, true).find((option) => option.value === value)?.label ?? '';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a stored value is one the list offers: '' (no answer) always is, and so is any value
 * when the list is empty in this state (nothing to choose from, so nothing to check against).
 * The browser and the server may be up to a day apart across time zones, so a year list that
 * has turned over for one but not yet for the other takes the value either way.
 */
export function isListedOption(
  source: OptionSource,
  value: string,
  context: OptionContext = {},
): boolean {
  if (value === '') return true;
  const now = (context.now ?? new Date()).getTime();
  return [0, -DAY_MS, DAY_MS].some((shift) => {
    const options = resolve(source, { ...context, now: new Date(now + shift) });
    return options.length === 0 || options.some((option) => option.value === value);
  });
}

/** Whether a source may read a list whose rows the browser fetches apart. */
export function usesNamedListRows(source: OptionSource): boolean {
  return listNamesOf(source).some((name) => listsWithRows.has(name));
}

/** Every named list a source may use, for forms:check (including those inside byAnswer cases). */
export function listNamesOf(source: OptionSource): string[] {
  if (typeof source === 'string') return [source];
  if (Array.isArray(source)) return [];
  if ('byAnswer' in source) {
    const cases = Object.values(source.cases);
    if (source.default !== undefined) cases.push(source.default);
    return cases.flatMap(listNamesOf);
  }
  return [source.list];
}
