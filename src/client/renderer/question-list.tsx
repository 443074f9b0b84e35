import { createElement, memo } from 'react';
import type { Question } from '../../engine/definitions';
import { useCondition } from '../form/use-field-view';
import type { QuestionComponent } from './question-props';
import { useQuestionRenderers } from './question-renderers-context';

/** A stable React key for a question: its answer key, block prefix or id. */
function reactKey(question: Question, index: number): string {
  if ('key' in question) return `k:${question.key}`;
  if (question.type === 'address' || question.type === 'school-search')
    return `p:${question.type}:${question.prefix}`;
  return question.id ? `i:${question.id}` : `n:${question.type}:${index}`;
}

/** Questions in order, each drawn by the component of its type. */
export function QuestionList({ questions }: { questions: readonly Question[] }) {
  return questions.map((question, i) => (
    <QuestionNode key={reactKey(question, i)} question={question} />
  ));
}

/**
 * One question: hidden while its condition fails, otherwise its type's component. Memoised,
 * so a parent re-rendering (a yes-no changing) does not re-render unchanged questions.
 */
export const QuestionNode = memo(function QuestionNode({ question }: { question: Question }) {
  const shown = useCondition(question.condition);
  const renderers = useQuestionRenderers();
  if (!shown) return null;
  // The record pairs each type with its component; TypeScript cannot follow that pairing here.
  const Component = renderers[question.type] as QuestionComponent;
  return createElement(Component, { question });
});
