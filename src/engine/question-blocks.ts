/**
 * Expanding the add-another blocks a renderer draws: the questions of block n (`{n}` replaced),
 * the very objects the definition walk and so page-fields expand blocks into.
 */
import type { AddAnotherQuestion, Question } from './definitions';
import { NestedCache } from './nested-cache';

const blocks = new NestedCache<AddAnotherQuestion, number, Question[]>();

/**
 * The questions of block `n` of an add-another, with `{n}` replaced by the block number. Cached,
 * so a block's questions keep their identity between renders (conditions are cached by object).
 */
export function blockQuestions(question: AddAnotherQuestion, n: number): Question[] {
  return blocks.get(question, n, () => {
    const text = JSON.stringify(question.questions).replaceAll('{n}', String(n));
    return JSON.parse(text) as Question[];
  });
}
