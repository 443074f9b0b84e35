/**
 * Every text an applicant reads in a definition file, each with its stable id in a translation
 * file (forms/es/*.json) and its place in the English file. The one list the runtime
 * (localize.ts), forms:check and forms:diff all read, so they agree on what must be translated.
 */
import type { OptionSource, PageDefinition, Question, SiteConfig } from '../engine/definitions';
import { walkDefinition } from '../engine/walk-definition';

/** One English text and where it goes. */
export interface SourceText {
  /** Its id in the translation file: the object path, e.g. `questions › gender › options › F`. */
  path: readonly string[];
  /** The English text. */
  text: string;
  /** Its JSON pointer in the English file (the page, site.json or the schema). */
  pointer: string;
}

/** A paragraph without an id cannot be named in a translation file (forms:check reports it). */
export interface Unnamed {
  pointer: string;
}

/**
 * The id a question goes by in a translation file: its key, else its id, else (an address or
 * school search) its prefix and type, e.g. `mailing_address`, `hs_school-search`.
 */
function questionTextId(question: Question): string | undefined {
  if ('key' in question && question.key) return question.key;
  if (question.id) return question.id;
  if (question.type === 'address' || question.type === 'school-search')
    return `${question.prefix}${question.type}`;
  return undefined;
}

const questionTextFields = ['label', 'hint', 'help', 'placeholder', 'buttonLabel', 'text'] as const;

/** The texts of a page: title, description, error-summary headings, sections and questions. */
export function pageTexts(page: PageDefinition): { texts: SourceText[]; unnamed: Unnamed[] } {
  const texts: SourceText[] = [];
  const unnamed: Unnamed[] = [];
  const add = (path: string[], text: unknown, pointer: string) => {
    if (typeof text === 'string' && text !== '') texts.push({ path, text, pointer });
  };
  add(['page', 'title'], page.title, '/title');
  add(['page', 'description'], page.description, '/description');
  page.errorSummary.forEach((group, i) =>
    add(['errorSummary', group.id, 'title'], group.title, `/errorSummary/${i}/title`),
  );
  walkDefinition(page, {
    section(section, pointer) {
      add(['sections', section.id, 'title'], section.title, `${pointer}/title`);
      add(['sections', section.id, 'description'], section.description, `${pointer}/description`);
    },
    question({ question, pointer }) {
      const id = questionTextId(question);
      if (id === undefined) {
        unnamed.push({ pointer });
        return;
      }
      const at = (...rest: string[]) => ['questions', id, ...rest];
      const record = question as unknown as Record<string, unknown>;
      for (const field of questionTextFields) add(at(field), record[field], `${pointer}/${field}`);
      if ('options' in question && question.options !== undefined)
        optionTexts(question.options, at('options'), `${pointer}/options`, add);
      if (question.type === 'checkbox-group')
        question.items.forEach((item, i) =>
          add(at('items', item.key), item.label, `${pointer}/items/${i}/label`),
        );
      if (question.type === 'tabs')
        question.tabs.forEach((tab, i) =>
          add(at('tabs', tab.id, 'label'), tab.label, `${pointer}/tabs/${i}/label`),
        );
      if ('labels' in question && question.labels)
        for (const [part, label] of Object.entries(question.labels))
          add(at('labels', part), label, `${pointer}/labels/${part}`);
    },
  });
  return { texts, unnamed };
}

/** Inline option labels by value; a list chosen by another answer, by case then value. */
function optionTexts(
  source: OptionSource,
  path: string[],
  pointer: string,
  add: (path: string[], text: unknown, pointer: string) => void,
): void {
  if (Array.isArray(source))
    source.forEach((option, i) =>
      add([...path, option.value], option.label, `${pointer}/${i}/label`),
    );
  else if (typeof source === 'object' && 'byAnswer' in source) {
    for (const [value, inner] of Object.entries(source.cases))
      optionTexts(inner, [...path, 'cases', value], `${pointer}/cases/${value}`, add);
    if (source.default)
      optionTexts(source.default, [...path, 'default'], `${pointer}/default`, add);
  }
}

/** Site texts no applicant reads as words to translate: names, addresses, links. */
const untranslatedSiteKeys = new Set(['url', 'copyrightHolder', 'browserLinks', 'version']);

/**
 * The texts of forms/site.json: the application title, the alerts (by their start date), and
 * every text of Help and Privacy. The university's name, postal address and links stay as they are.
 */
export function siteTexts(site: SiteConfig): SourceText[] {
  const texts: SourceText[] = [];
  const title = site.university?.applicationTitle;
  if (typeof title === 'string')
    texts.push({
      path: ['university', 'applicationTitle'],
      text: title,
      pointer: '/university/applicationTitle',
    });
  (Array.isArray(site.alerts) ? site.alerts : []).forEach((alert, i) => {
    if (typeof alert?.text === 'string')
      texts.push({
        path: ['alerts', alert.start, 'text'],
        text: alert.text,
        pointer: `/alerts/${i}/text`,
      });
  });
  const walk = (value: unknown, path: string[], pointer: string) => {
    if (typeof value === 'string') {
      if (value !== '') texts.push({ path, text: value, pointer });
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      for (const [key, inner] of Object.entries(value))
        if (!untranslatedSiteKeys.has(key)) walk(inner, [...path, key], `${pointer}/${key}`);
  };
  walk(site.help, ['help'], '/help');
  walk(site.privacy, ['privacy'], '/privacy');
  return texts;
}

type SchemaNode = Record<string, unknown>;
const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The messages of a validation schema (ajv-errors `errorMessage`), each by field and rule: the
 * rule is the keyword the message is for (`required`, `minLength`, `pattern`…), or the keywords
 * of the rule a single message covers (`maxLength+pattern`). A message the same field already has
 * word for word (the `required` and the `minLength` of a required field, say) is the one entry.
 * When one field has two different messages for the same rule (the password's patterns), the
 * later ones are numbered in schema order: `pattern-2`, `pattern-3`.
 */
export function schemaMessages(schema: unknown): SourceText[] {
  const texts: SourceText[] = [];
  const seen = new Map<string, string>();
  const add = (field: string, rule: string, text: unknown, pointer: string) => {
    if (typeof text !== 'string' || text === '') return;
    if (seen.has(`${field}\0${text}`)) return;
    let id = rule;
    for (let n = 2; seen.has(`${field}\0\0${id}`); n++) id = `${rule}-${n}`;
    seen.set(`${field}\0${text}`, id);
    seen.set(`${field}\0\0${id}`, text);
    texts.push({ path: [field, id], text, pointer });
  };
  const walk = (node: unknown, pointer: string, field: string) => {
    if (Array.isArray(node)) node.forEach((inner, i) => walk(inner, `${pointer}/${i}`, field));
    if (!isNode(node)) return;
    const message = node.errorMessage;
    const at = `${pointer}/errorMessage`;
    if (typeof message === 'string') {
      const rules = Object.keys(node).filter(
        (k) => !['errorMessage', '$comment', 'type', 'description', 'title'].includes(k),
      );
      add(field, rules.join('+') || 'type', message, at);
    } else if (isNode(message)) {
      // `type` last: its message is nearly always another keyword's, which names it better.
      const keywords = Object.keys(message).sort(
        (a, b) => Number(a === 'type') - Number(b === 'type'),
      );
      for (const keyword of keywords) {
        const value = message[keyword];
        if ((keyword === 'required' || keyword === 'properties') && isNode(value))
          for (const [property, text] of Object.entries(value))
            add(property, keyword, text, `${at}/${keyword}/${escape(property)}`);
        else add(field, keyword, value, `${at}/${escape(keyword)}`);
      }
    }
    for (const [key, inner] of Object.entries(node)) {
      if (key === 'errorMessage') continue;
      const innerPointer = `${pointer}/${escape(key)}`;
      if ((key === 'properties' || key === 'dependentSchemas') && isNode(inner))
        for (const [property, schema] of Object.entries(inner))
          walk(
            schema,
            `${innerPointer}/${escape(property)}`,
            key === 'properties' ? property : field,
          );
      else walk(inner, innerPointer, field);
    }
  };
  walk(schema, '', '');
  return texts;
}
