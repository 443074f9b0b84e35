/**
 * The application as a read-only document (ARCHITECTURE decision 7): the visible, answered
 * questions of every page in page order, each as a label and the text shown for its answer. The
 * service user's view and the downloadable PDF both draw this one structure, so they can never
 * disagree.
 */
import type {
  Answers,
  AddressQuestion,
  FormState,
  KeyedQuestion,
  OptionItem,
  PageDefinition,
  Question,
  SchoolSearchQuestion,
} from './definitions';
import { isIsoDate } from './iso-date';
import type { ListLabels } from './option-lists';
import { blockParts } from './page-fields';
import { blockQuestions } from './question-blocks';
import { blockLine, checkMark, optionText } from './read-only-text';
import { blockCount, chosenTab, visibleKeys } from './visibility';

export interface ReadOnlyRow {
  /** The answer key (for a block, the key of its address line or school name). */
  key: string;
  label: string;
  value: string;
}

interface ReadOnlySection {
  id: string;
  title: string;
  rows: ReadOnlyRow[];
}

export interface ReadOnlyPage {
  pageId: string;
  title: string;
  /** Only sections with at least one answered question. */
  sections: ReadOnlySection[];
}

export interface ReadOnlyOptions {
  /** The attached documents by question key (GET /api/document-answer). */
  documents?: Record<string, { file_name: string }>;
  /** The instant year lists count from (option labels); defaults to now. */
  now?: Date;
  /**
   * The document's own words in another language than the definitions' English (the applicant's
   * PDF in Spanish, issue 40). A chosen option always shows its label in the pages given, not the
   * `_desc` stored in the language it was chosen in.
   */
  texts?: ReadOnlyTexts;
  /** The named lists' labels in that language (countries and months). */
  listLabels?: ListLabels;
}

/** The words a read-only document adds to the definitions' own. */
export interface ReadOnlyTexts {
  yes: string;
  no: string;
  documentNote(fileName?: string): string;
  /** A date answer (YYYY-MM-DD) as the language writes it. */
  date(year: string, month: string, day: string): string;
}

/** The answer of a document question once its file is converted (SPEC §3). */
export const DOCUMENT_ANSWERED = 'ANSWERED';

/** The note that stands for an attached document (SPEC §6). */
export const documentNote = (fileName?: string): string =>
  fileName ? `Document attached: ${fileName}` : 'Document attached';

const yesNo: OptionItem[] = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];

interface Context {
  state: FormState;
  visible: ReadonlySet<string>;
  options: ReadOnlyOptions;
}

/** Every page with its answered, visible questions, in page order (pages without any are kept). */
export function readOnlyDocument(
  pages: readonly PageDefinition[],
  state: FormState,
  options: ReadOnlyOptions = {},
): ReadOnlyPage[] {
  return pages.map((page) => {
    const context: Context = { state, visible: new Set(visibleKeys(page, state)), options };
    const sections = page.sections
      .map((section) => ({
        id: section.id,
        title: section.title ?? '',
        rows: rowsOf(section.questions, context),
      }))
      .filter((section) => section.rows.length > 0);
    return { pageId: page.id, title: page.title, sections };
  });
}

function rowsOf(questions: readonly Question[], context: Context): ReadOnlyRow[] {
  return questions.flatMap((question) => rowsOfQuestion(question, context));
}

function rowsOfQuestion(question: Question, context: Context): ReadOnlyRow[] {
  const { state, visible } = context;
  const answers = state.answers;
  switch (question.type) {
    case 'paragraph':
      return [];
    case 'checkbox-group': {
      // A group shows once any box is answered; then every box, ticked or not.
      const items = question.items.filter((item) => visible.has(item.key));
      if (!items.some((item) => (answers[item.key] ?? '') !== '')) return [];
      return items.map((item) => ({
        key: item.key,
        label: item.label,
        value: checkMark(answers[item.key] === 'true'),
      }));
    }
    case 'address':
    case 'school-search':
      return blockRow(question, context);
    case 'add-another': {
      const count = Math.min(blockCount(state, question.id), question.max);
      const rows: ReadOnlyRow[] = [];
      for (let n = 1; n <= count; n++) rows.push(...rowsOf(blockQuestions(question, n), context));
      return rows;
    }
    case 'tabs': {
      const chosen = chosenTab(state, question.id, question.tabs[0]?.id ?? '');
      const tab = question.tabs.find((t) => t.id === chosen);
      return tab ? rowsOf(tab.questions, context) : [];
    }
    default: {
      const keyed = question as KeyedQuestion;
      const value = visible.has(keyed.key) ? keyedValue(keyed, context) : '';
      const row = value ? [{ key: keyed.key, label: keyed.label ?? '', value }] : [];
      // Branches that hide are not in `visible`, so both can be walked.
      return [...row, ...rowsOf(keyed.then ?? [], context), ...rowsOf(keyed.else ?? [], context)];
    }
  }
}

/**
 * A select, radio or yes-no answer's display text (what its `_desc` holds), as the view and the
 * PDF print it; staff exports fill `_desc` columns with it.
 */
export function optionAnswerText(
  question: KeyedQuestion,
  answers: Answers,
  now?: Date,
  reader: Pick<ReadOnlyOptions, 'texts' | 'listLabels'> = {},
): string {
  const { texts } = reader;
  const defaultYesNo = texts
    ? [
        { value: 'Y', label: texts.yes },
        { value: 'N', label: texts.no },
      ]
    : yesNo;
  const options =
    question.type === 'yes-no' ? (question.options ?? defaultYesNo) : question.options;
  return optionText(question.key, answers, options, now, reader.listLabels);
}

/** The text shown for a keyed answer; '' when unanswered. */
function keyedValue(question: KeyedQuestion, { state, options }: Context): string {
  const answers = state.answers;
  const raw = answers[question.key] ?? '';
  if (raw.trim() === '') return '';
  switch (question.type) {
    case 'checkbox':
    case 'confirm':
      return checkMark(raw === 'true');
    case 'select':
    case 'radio':
    case 'yes-no':
      return optionAnswerText(question, answers, options.now, options);
    case 'date': {
      const [y = '', m = '', d = ''] = raw.split('-');
      if (!isIsoDate(raw)) return raw;
      return options.texts ? options.texts.date(y, m, d) : `${m}/${d}/${y}`;
    }
    case 'password':
      return '********';
    case 'file':
      return raw === DOCUMENT_ANSWERED
        ? (options.texts?.documentNote ?? documentNote)(
            options.documents?.[question.key]?.file_name,
          )
        : '';
    default:
      return raw.trim();
  }
}

/** An address or school block as one row: the combined line (SPEC §6). */
function blockRow(
  block: AddressQuestion | SchoolSearchQuestion,
  { state, visible, options }: Context,
): ReadOnlyRow[] {
  const parts = blockParts(block);
  if (!parts.some((part) => visible.has(part.key))) return [];
  const value = blockLine(block, state.answers, options.now, options.listLabels);
  if (!value) return [];
  const main = block.type === 'school-search' ? 'name' : 'address_line_1';
  const key = (parts.find((part) => part.part === main) ?? parts[0])?.key ?? block.prefix;
  return [{ key, label: block.label ?? '', value }];
}
