/**
 * What the shipped definitions (forms/*.json, schemas/*.schema.json) say, read the way the
 * application reads them, so a behaviour test expects whatever an admissions author wrote today:
 * a reworded message, a removed term or a renamed label never breaks a test (issue 39, point 1).
 * docs/forms.md "What the tests read from your forms" gives the rule; the guard is
 * tests/forms/no-shipped-literals.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { KeyedQuestion, OptionItem, PageDefinition } from '../../src/engine/definitions';
import { optionLabel, resolveOptions, type OptionContext } from '../../src/engine/option-lists';
import { pageFields } from '../../src/engine/page-fields';
import { allQuestions } from '../../src/engine/walk-definition';

const schemasDir = path.resolve(import.meta.dirname, '../../schemas');
const formsDir = path.resolve(import.meta.dirname, '../../forms');

/**
 * forms/*.json in step order, as src/forms/form-pages.ts gives them to the application; read from
 * disk because Playwright's loader cannot import JSON without an import attribute.
 */
const formPages: readonly PageDefinition[] = readdirSync(formsDir)
  .filter((name) => name.endsWith('.json') && name !== 'site.json')
  .map((name) => JSON.parse(readFileSync(path.join(formsDir, name), 'utf8')) as PageDefinition)
  .sort((a, b) => a.step - b.step);

const pageById = (id: string) => formPages.find((p) => p.id === id);

/** A JSON Schema node as the page schemas write it (only what the messages hang on). */
interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  errorMessage?: string | Record<string, unknown>;
  [keyword: string]: unknown;
}

function page(pageId: string): PageDefinition {
  const found = pageById(pageId);
  if (!found) throw new Error(`no page "${pageId}" in forms/`);
  return found;
}

/** The page that asks `key` (address and school parts, checkbox boxes and add-another included). */
function pageOfKey(key: string): PageDefinition {
  const found = formPages.find((p) => pageFields(p).some((field) => field.key === key));
  if (!found) throw new Error(`no page in forms/ asks "${key}"`);
  return found;
}

/** The question that stores `key`, as the engine sees it (a block part gets its own). */
export function questionOf(key: string): KeyedQuestion {
  const field = pageFields(pageOfKey(key)).find((f) => f.key === key);
  if (!field) throw new Error(`no question stores "${key}"`);
  return field.question;
}

/** The label of the question that stores `key`. */
export function labelOf(key: string): string {
  const label = questionOf(key).label;
  if (label === undefined) throw new Error(`the question of "${key}" has no label`);
  return label;
}

/** The label of the address or school-search block whose keys start with `prefix` ('mailing_'). */
export function blockLabelOf(prefix: string): string {
  for (const p of formPages) {
    for (const question of allQuestions(p)) {
      const isBlock = question.type === 'address' || question.type === 'school-search';
      if (isBlock && question.prefix === prefix && question.label !== undefined) {
        return question.label;
      }
    }
  }
  throw new Error(`no labelled block with the prefix "${prefix}" in forms/`);
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern that finds `text` anywhere in a name, e.g. a step link's "3 Final Steps". */
export const containing = (text: string): RegExp => new RegExp(escaped(text));

/** A pattern for a name that starts with `text`, e.g. a page title "About You - …". */
export const startingWith = (text: string): RegExp => new RegExp(`^${escaped(text)}`);

/** A pattern for exactly `text`, for locators that would otherwise match a part of a name. */
export const exactly = (text: string): RegExp => new RegExp(`^${escaped(text)}$`);

/** The label of tab `tabId` of the tabs question `tabsId` (e.g. 'transcript', 'upload'). */
export function tabLabelOf(tabsId: string, tabId: string): string {
  for (const p of formPages) {
    for (const question of allQuestions(p)) {
      if (question.type !== 'tabs' || question.id !== tabsId) continue;
      const tab = question.tabs.find((t) => t.id === tabId);
      if (tab) return tab.label;
    }
  }
  throw new Error(`no tab "${tabId}" in a tabs question "${tabsId}" in forms/`);
}

/** The button label of the add-another question `id` (e.g. 'activity_interest'). */
export function buttonLabelOf(id: string): string {
  for (const p of formPages) {
    for (const question of allQuestions(p)) {
      if (question.type === 'add-another' && question.id === id && question.buttonLabel) {
        return question.buttonLabel;
      }
    }
  }
  throw new Error(`no add-another "${id}" with a button label in forms/`);
}

/** A page's title (its step name), e.g. pageTitle('about'). */
export const pageTitle = (pageId: string): string => page(pageId).title;

/** The title of a section of a page. */
export function sectionTitle(pageId: string, sectionId: string): string {
  const title = page(pageId).sections.find((s) => s.id === sectionId)?.title;
  if (title === undefined) throw new Error(`no titled section "${sectionId}" on ${pageId}`);
  return title;
}

/** The title of an error-summary group of a page. */
export function summaryTitle(pageId: string, groupId: string): string {
  const group = page(pageId).errorSummary.find((g) => g.id === groupId);
  if (!group) throw new Error(`no error-summary group "${groupId}" on ${pageId}`);
  return group.title;
}

/** The options the question of `key` offers (with the leading '--'), on `context.now`'s day. */
function optionsOf(key: string, context: OptionContext = {}): OptionItem[] {
  const source = questionOf(key).options;
  if (source === undefined) throw new Error(`the question of "${key}" has no options`);
  return resolveOptions(source, context);
}

/** The label of option `code` of `key` (what `{key}_desc` stores). */
export function optionLabelOf(key: string, code: string, context: OptionContext = {}): string {
  const source = questionOf(key).options;
  const label = source === undefined ? '' : optionLabel(source, code, context);
  if (label === '') throw new Error(`"${key}" has no option "${code}"`);
  return label;
}

/** The `index`th option of `key` on offer (0 = the first real one), as `{ value, label }`. */
export function offeredOption(key: string, index = 0, context: OptionContext = {}): OptionItem {
  const options = optionsOf(key, context).filter((option) => option.value !== '');
  const option = options.at(index);
  if (!option) throw new Error(`"${key}" offers fewer than ${index + 1} options`);
  return option;
}

const schemaCache = new Map<string, SchemaNode>();

/** schemas/{name}.schema.json, parsed (a page's id or an account form's name). */
function schemaOf(name: string): SchemaNode {
  let schema = schemaCache.get(name);
  if (!schema) {
    const file = path.join(schemasDir, `${name}.schema.json`);
    schema = JSON.parse(readFileSync(file, 'utf8')) as SchemaNode;
    schemaCache.set(name, schema);
  }
  return schema;
}

/** Every schema node in document order (allOf, if/then/else and the rest included). */
function* nodes(node: unknown): Generator<SchemaNode> {
  if (Array.isArray(node)) {
    for (const item of node) yield* nodes(item);
  } else if (node !== null && typeof node === 'object') {
    yield node as SchemaNode;
    for (const [name, value] of Object.entries(node)) {
      if (name !== 'errorMessage') yield* nodes(value);
    }
  }
}

const fill = (message: string, values: Record<string, string | number>): string =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );

/**
 * The message a schema gives when `key` is missing (its `errorMessage.required` entry), from
 * schemas/{schema}.schema.json; `schema` defaults to the page that asks the key.
 */
export function requiredMessage(key: string, schema = pageOfKey(key).id): string {
  for (const node of nodes(schemaOf(schema))) {
    const required = (node.errorMessage as { required?: Record<string, unknown> } | undefined)
      ?.required;
    const message = required?.[key];
    if (typeof message === 'string') return message;
  }
  throw new Error(`schemas/${schema}.schema.json has no required message for "${key}"`);
}

/**
 * The message of a rule on `key` (its property's `errorMessage`): the string when it has one,
 * else the entry for `keyword` (e.g. 'pattern', 'maxLength'), with `{placeholders}` filled from
 * `values` as the engine fills them. The first rule in document order unless `nth` says.
 */
export function ruleMessage(
  key: string,
  options: {
    keyword?: string;
    schema?: string;
    values?: Record<string, string | number>;
    nth?: number;
  } = {},
): string {
  const schema = options.schema ?? pageOfKey(key).id;
  const found: string[] = [];
  for (const node of nodes(schemaOf(schema))) {
    const message = node.properties?.[key]?.errorMessage;
    // A string message covers every keyword of its property.
    if (typeof message === 'string') found.push(message);
    else if (message !== undefined && options.keyword !== undefined) {
      const entry = message[options.keyword];
      if (typeof entry === 'string') found.push(entry);
    }
  }
  const message = found[options.nth ?? 0];
  if (message === undefined) {
    const what = options.keyword ?? 'its message';
    throw new Error(`schemas/${schema}.schema.json has no rule on "${key}" with ${what}`);
  }
  return fill(message, options.values ?? {});
}
