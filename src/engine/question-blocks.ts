/**
 * Expanding the add-another blocks a renderer draws: the questions of block n (`{n}` replaced),
 * the very objects the definition walk and so page-fields expand blocks into.
 */
import type { AddAnotherQuestion, Question } from './definitions';

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
