/**
 * Finding and expanding the container questions a renderer draws: the questions of block n of an
 * add-another (`{n}` replaced, as page-fields expands them) and a tabs question by its id.
 */
import type { AddAnotherQuestion, PageDefinition, Question, TabsQuestion } from './definitions';

const blocks = new WeakMap<AddAnotherQuestion, Map<number, Question[]>>();

/**
 * The questions of block `n` of an add-another, with `{n}` replaced by the block number. Cached,
 * so a block's questions keep their identity between renders (conditions are cached by object).
 */
export function blockQuestions(question: AddAnotherQuestion, n: number): Question[] {
  let byNumber = blocks.get(question);
  if (!byNumber) {
    byNumber = new Map();
    blocks.set(question, byNumber);
  }
  let questions = byNumber.get(n);
  if (!questions) {
    const text = JSON.stringify(question.questions).replaceAll('{n}', String(n));
    questions = JSON.parse(text) as Question[];
    byNumber.set(n, questions);
  }
  return questions;
}

/** Every question of a page, depth first, including those inside branches, blocks and tabs. */
export function allQuestions(page: PageDefinition): Question[] {
  const out: Question[] = [];
  const visit = (questions: readonly Question[]) => {
    for (const question of questions) {
      out.push(question);
      if (question.type === 'add-another') visit(question.questions);
      else if (question.type === 'tabs') for (const tab of question.tabs) visit(tab.questions);
      else if ('then' in question || 'else' in question) {
        if (question.then) visit(question.then);
        if (question.else) visit(question.else);
      }
    }
  };
  for (const section of page.sections) visit(section.questions);
  return out;
}

/** The tabs question of a page with this id, if any. */
export function tabsQuestionById(page: PageDefinition, id: string): TabsQuestion | undefined {
  return allQuestions(page).find((q): q is TabsQuestion => q.type === 'tabs' && q.id === id);
}
