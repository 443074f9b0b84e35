/**
 * The question components by type, handed down the tree: the page renderer provides the record
 * (src/client/questions/question-renderers.ts) and each question list reads it here. Questions
 * that hold questions (yes-no, tabs, add-another, ...) draw them with QuestionList; were the list
 * to import the record, the record's components would import the list that imports them.
 */
import { createContext, useContext } from 'react';
import type { QuestionType } from '../../engine/question-types';
import type { QuestionComponent } from './question-props';

/** One component per type of the form language: a type without one does not compile. */
export type QuestionRenderers = { readonly [T in QuestionType]: QuestionComponent<T> };

export const QuestionRenderersContext = createContext<QuestionRenderers | null>(null);

/** The components that draw questions; only inside a PageRenderer, which provides them. */
export function useQuestionRenderers(): QuestionRenderers {
  const renderers = useContext(QuestionRenderersContext);
  if (!renderers) throw new Error('Questions are drawn inside a PageRenderer (page-renderer.tsx).');
  return renderers;
}
