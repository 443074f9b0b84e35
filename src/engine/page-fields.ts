/**
 * Flattens a page definition into its fields: one per answer key, with every condition that must
 * hold for it to show. Address and school-search blocks expand into their parts, checkbox groups
 * into their boxes, add-another blocks into instances 1 to max, yes-no and confirm branches into
 * conditions on their own answer. Visibility, validation and forms:check all read this list; the
 * definition walk (walk-definition.ts) finds the questions.
 */
import { answerIs } from './conditions';
import type {
  AddressPart,
  AddressQuestion,
  Condition,
  KeyedQuestion,
  PageDefinition,
  Question,
  SchoolSearchQuestion,
} from './definitions';
import { addressParts } from './definitions';
import { walkDefinition, type QuestionNode } from './walk-definition';

export interface PageField {
  /** The answer key. */
  key: string;
  /** The question that asks it (a generated one for block parts and checkbox-group boxes). */
  question: KeyedQuestion;
  /** The definition as written in the page file, and its JSON pointer there. */
  owner: Question;
  pointer: string;
  section: string;
  /** Every condition that must hold for the field to show; hiding by these clears the answer. */
  conditions: Condition[];
  /** Set inside tabs: shown only while `tab` is the chosen tab of `tabs` (default `defaultTab`). */
  tab?: { tabs: string; tab: string; defaultTab: string };
  /** Set inside add-another: shown only while the block count is at least `n`. */
  instance?: { id: string; n: number };
}

interface Context {
  section: string;
  conditions: Condition[];
  tab?: PageField['tab'];
  instance?: PageField['instance'];
}

const cache = new WeakMap<PageDefinition, PageField[]>();

/** Every field of a page, in page order (cached per page object). */
export function pageFields(page: PageDefinition): PageField[] {
  let fields = cache.get(page);
  if (!fields) {
    const out: PageField[] = [];
    walkDefinition(page, { question: (node) => out.push(...nodeFields(node)) }, { blocks: true });
    fields = out;
    cache.set(page, fields);
  }
  return fields;
}

/** The fields one question asks (none for paragraphs and containers: their questions do). */
function nodeFields(node: QuestionNode): PageField[] {
  const { question, pointer } = node;
  const ctx = contextOf(node);
  const field = (key: string, q: KeyedQuestion, conditions = ctx.conditions): PageField => ({
    key,
    question: q,
    owner: question,
    pointer,
    ...ctx,
    conditions,
  });
  switch (question.type) {
    case 'paragraph':
    case 'add-another':
    case 'tabs':
      return [];
    case 'checkbox-group':
      return question.items.map((item) =>
        field(item.key, { type: 'checkbox', key: item.key, label: item.label }),
      );
    case 'address':
    case 'school-search':
      return blockParts(question).map((part) =>
        field(part.key, part.question, [...ctx.conditions, ...part.conditions]),
      );
    default:
      return [field(question.key, question)];
  }
}

/**
 * Where a question shows: the section's condition, each enclosing question's condition and
 * branch answer (yes-no Y or N, confirm true), its own condition, and its tab and block number.
 */
function contextOf({ question, section, enclosures }: QuestionNode): Context {
  const ctx: Context = {
    section: section.id,
    conditions: section.condition ? [section.condition] : [],
  };
  for (const enclosure of enclosures) {
    const container = enclosure.question;
    if (container.condition) ctx.conditions.push(container.condition);
    if (enclosure.kind === 'branch') {
      const value = enclosure.branch === 'else' ? 'N' : container.type === 'confirm' ? 'true' : 'Y';
      ctx.conditions.push(answerIs(enclosure.question.key, value));
    } else if (enclosure.kind === 'tab') {
      const defaultTab = enclosure.question.tabs[0]?.id ?? '';
      ctx.tab = { tabs: enclosure.question.id, tab: enclosure.tab.id, defaultTab };
    } else {
      ctx.instance = { id: enclosure.question.id, n: enclosure.n ?? 1 };
    }
  }
  if (question.condition) ctx.conditions.push(question.condition);
  return ctx;
}

/** The labels of an address or school-search block's parts, unless the block names its own. */
export const defaultLabels: Record<AddressPart | 'name' | 'ceeb', string> = {
  country: 'Country',
  address_line_1: 'Address',
  address_line_2: 'Address Line 2',
  city: 'City',
  state: 'State/Province',
  zip: 'ZIP/Postal Code',
  name: 'School Name',
  ceeb: 'CEEB Code',
};

const autocomplete: Partial<Record<AddressPart, string>> = {
  country: 'country',
  address_line_1: 'address-line1',
  address_line_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
};

export interface BlockPart {
  part: AddressPart | 'name' | 'ceeb';
  key: string;
  question: KeyedQuestion;
  conditions: Condition[];
}

/** The keyed parts of an address or school-search block, in display order. */
export function blockParts(block: AddressQuestion | SchoolSearchQuestion): BlockPart[] {
  const school = block.type === 'school-search';
  const names: Array<AddressPart | 'name' | 'ceeb'> = school
    ? ['name', 'ceeb', ...(block.parts ?? ['country', 'address_line_1', 'city', 'state', 'zip'])]
    : (block.parts ?? [...addressParts]);
  const keys = block.keys as Partial<Record<string, string>> | undefined;
  const labels = block.labels as Partial<Record<string, string>> | undefined;
  const keyOf = (part: string) => keys?.[part] ?? `${block.prefix}${part}`;
  const country = keyOf('country');
  return names.map((part) => {
    const key = keyOf(part);
    const label =
      labels?.[part] ??
      (school && part === 'name' ? block.label : undefined) ??
      defaultLabels[part];
    const required = block.required ? requiredPart(part, school, country) : undefined;
    const q: KeyedQuestion = { type: 'text', key, label, maxLength: 45, variant: block.variant };
    if (required !== undefined) q.required = required;
    if (part in autocomplete) q.autocomplete = autocomplete[part as AddressPart];
    if (part === 'country') Object.assign(q, { type: 'select', options: 'countries' });
    if (part === 'state')
      Object.assign(q, {
        type: 'select',
        options: { byAnswer: country, cases: { USA: 'us-states', CAN: 'canadian-provinces' } },
      });
    if (part === 'zip') q.maxLength = 10;
    const conditions: Condition[] =
      part === 'state' ? [{ valueKey: country, operator: 'in', target: ['USA', 'CAN'] }] : [];
    return { part, key, question: stripUndefined(q), conditions };
  });
}

function requiredPart(
  part: string,
  school: boolean,
  country: string,
): boolean | Condition | undefined {
  if (school) return part === 'name' ? true : undefined;
  if (part === 'zip') return { valueKey: country, operator: 'equals', target: 'USA' };
  return ['address_line_1', 'city', 'country', 'state'].includes(part) ? true : undefined;
}

const stripUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Every answer key a page asks, in page order, without duplicates. */
export function pageKeys(page: PageDefinition): string[] {
  return [...new Set(pageFields(page).map((field) => field.key))];
}

const indexes = new WeakMap<PageDefinition, Map<string, PageField>>();

/** The fields of a page by key (the first field when a key is asked twice; cached per page). */
export function fieldIndex(page: PageDefinition): Map<string, PageField> {
  let index = indexes.get(page);
  if (!index) {
    index = new Map();
    for (const field of pageFields(page)) if (!index.has(field.key)) index.set(field.key, field);
    indexes.set(page, index);
  }
  return index;
}

/**
 * The answer keys of file questions: the server writes them (ANSWERED once an upload converts,
 * cleared when the file is deleted), never the applicant's save.
 */
export function fileAnswerKeys(pages: readonly PageDefinition[]): Set<string> {
  return new Set(
    pages
      .flatMap((page) => pageFields(page))
      .filter((field) => field.question.type === 'file')
      .map((field) => field.key),
  );
}
