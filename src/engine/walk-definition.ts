/**
 * The one walk of a page definition: every section and every question, depth first in page
 * order, with its JSON pointer in the page file and the questions that enclose it. Page fields,
 * the renderer's lookups, forms:check and the server's forms runtime all read a page through it.
 */
import type {
  AddAnotherQuestion,
  KeyedQuestion,
  PageDefinition,
  Question,
  Section,
  Tab,
  TabsQuestion,
} from './definitions';
import { blockQuestions } from './question-blocks';

/** How a question holds the questions inside it. */
export type Enclosure =
  | {
      kind: 'block';
      question: AddAnotherQuestion;
      /** The block number, when blocks are walked one by one (`blocks: true`). */
      n?: number;
    }
  | { kind: 'tab'; question: TabsQuestion; tab: Tab }
  | { kind: 'branch'; question: KeyedQuestion; branch: 'then' | 'else' };

/** A question where the walk found it. */
export interface QuestionNode {
  question: Question;
  /** Its JSON pointer in the page file, e.g. `/sections/0/questions/2/then/0`. */
  pointer: string;
  section: Section;
  /** The questions it is inside, outermost first (one array shared by siblings). */
  enclosures: readonly Enclosure[];
}

export interface DefinitionVisitor {
  /** Each section, before its questions, with its pointer (e.g. `/sections/0`). */
  section?(section: Section, pointer: string): void;
  /** Each question, before the questions inside it. */
  question?(node: QuestionNode): void;
}

export interface WalkOptions {
  /**
   * Walk an add-another's questions once for each block, 1 to max, with `{n}` replaced, as the
   * page shows them (pointers stay those of the questions as written). Default: once, as written.
   */
  blocks?: boolean;
}

/** Visits every section and question of a page, including those in branches, blocks and tabs. */
export function walkDefinition(
  page: PageDefinition,
  visitor: DefinitionVisitor,
  options: WalkOptions = {},
): void {
  page.sections.forEach((section, s) => {
    visitor.section?.(section, `/sections/${s}`);
    walkQuestions(section.questions, `/sections/${s}/questions`, section, [], visitor, options);
  });
}

function walkQuestions(
  questions: readonly Question[],
  base: string,
  section: Section,
  enclosures: readonly Enclosure[],
  visitor: DefinitionVisitor,
  options: WalkOptions,
): void {
  questions.forEach((question, i) => {
    const pointer = `${base}/${i}`;
    visitor.question?.({ question, pointer, section, enclosures });
    const inside = (list: readonly Question[], at: string, enclosure: Enclosure) =>
      walkQuestions(list, at, section, [...enclosures, enclosure], visitor, options);
    if (question.type === 'add-another') {
      const at = `${pointer}/questions`;
      if (!options.blocks) inside(question.questions, at, { kind: 'block', question });
      else
        for (let n = 1; n <= question.max; n++)
          inside(blockQuestions(question, n), at, { kind: 'block', question, n });
    } else if (question.type === 'tabs') {
      question.tabs.forEach((tab, t) =>
        inside(tab.questions, `${pointer}/tabs/${t}/questions`, { kind: 'tab', question, tab }),
      );
    } else if ('then' in question || 'else' in question) {
      if (question.then)
        inside(question.then, `${pointer}/then`, { kind: 'branch', question, branch: 'then' });
      if (question.else)
        inside(question.else, `${pointer}/else`, { kind: 'branch', question, branch: 'else' });
    }
  });
}

/** Every question of a page, depth first, as written (add-another questions once). */
export function allQuestions(page: PageDefinition): Question[] {
  const out: Question[] = [];
  walkDefinition(page, { question: ({ question }) => out.push(question) });
  return out;
}

/** The tabs question of a page with this id, if any. */
export function tabsQuestionById(page: PageDefinition, id: string): TabsQuestion | undefined {
  return allQuestions(page).find((q): q is TabsQuestion => q.type === 'tabs' && q.id === id);
}
