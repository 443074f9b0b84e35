/**
 * Walks a page definition as written (not expanded), visiting every section and question with
 * its JSON pointer, so checks can point at the exact property an editor must change.
 */
import type { Condition, PageDefinition, Question } from '../../src/engine/definitions';

export interface WalkContext {
  /** The max of the enclosing add-another block, when inside one ({n} runs 1 to max). */
  blockMax?: number;
}

export interface Visitor {
  question?(question: Question, pointer: string, ctx: WalkContext): void;
  condition?(condition: Condition, pointer: string, ctx: WalkContext): void;
}

/** Visits every section condition, question and question condition of a page. */
export function walkDefinition(page: PageDefinition, visitor: Visitor): void {
  page.sections.forEach((section, s) => {
    if (section.condition) visitor.condition?.(section.condition, `/sections/${s}/condition`, {});
    walkQuestions(section.questions, `/sections/${s}/questions`, {}, visitor);
  });
}

function walkQuestions(
  questions: Question[],
  base: string,
  ctx: WalkContext,
  visitor: Visitor,
): void {
  questions.forEach((question, i) => {
    const pointer = `${base}/${i}`;
    visitor.question?.(question, pointer, ctx);
    if (question.condition) visitor.condition?.(question.condition, `${pointer}/condition`, ctx);
    if ('required' in question && typeof question.required === 'object') {
      visitor.condition?.(question.required, `${pointer}/required`, ctx);
    }
    if (question.type === 'add-another') {
      walkQuestions(
        question.questions,
        `${pointer}/questions`,
        { blockMax: question.max },
        visitor,
      );
    } else if (question.type === 'tabs') {
      question.tabs.forEach((tab, t) =>
        walkQuestions(tab.questions, `${pointer}/tabs/${t}/questions`, ctx, visitor),
      );
    } else if ('then' in question || 'else' in question) {
      if (question.then) walkQuestions(question.then, `${pointer}/then`, ctx, visitor);
      if (question.else) walkQuestions(question.else, `${pointer}/else`, ctx, visitor);
    }
  });
}

/** A key as written, expanded for each add-another block number when it holds `{n}`. */
export function expandKey(key: string, ctx: WalkContext): string[] {
  if (!key.includes('{n}') || ctx.blockMax === undefined) return [key];
  return Array.from({ length: ctx.blockMax }, (_v, i) => key.replaceAll('{n}', String(i + 1)));
}
