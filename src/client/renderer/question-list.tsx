import { createElement, memo } from 'react';
import type { Question } from '../../engine/definitions';
import { BadConfigurationError } from '../api/errors';
import { useCondition } from '../form/use-field-view';
import { questionComponent } from './question-registry';

/** A stable React key for a question: its answer key, block prefix or id. */
function reactKey(question: Question, index: number): string {
  if ('key' in question) return `k:${question.key}`;
  if (question.type === 'address' || question.type === 'school-search')
    return `p:${question.type}:${question.prefix}`;
  return question.id ? `i:${question.id}` : `n:${question.type}:${index}`;
}

/** Questions in order, each drawn by the component registered for its type. */
export function QuestionList({ questions }: { questions: readonly Question[] }) {
  return questions.map((question, i) => (
    <QuestionNode key={reactKey(question, i)} question={question} />
  ));
}

/**
 * One question: hidden while its condition fails, otherwise its registered component. Memoised,
 * so a parent re-rendering (a yes-no changing) does not re-render unchanged questions.
 */
export const QuestionNode = memo(function QuestionNode({ question }: { question: Question }) {
  const shown = useCondition(question.condition);
  if (!shown) return null;
  const Component = questionComponent(question.type);
  if (!Component) {
    // forms:check fails on a type without a component, so this is a development mistake.
    if (import.meta.env.DEV)
      throw new BadConfigurationError(`No component renders question type "${question.type}".`);
    return null;
  }
  return createElement(Component, { question: question as never });
});
