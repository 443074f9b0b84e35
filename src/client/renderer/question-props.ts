/**
 * The question registry (STYLE.md "Renderers chosen by data"): each component file in
 * src/client/questions/ ends with `registerQuestion('<type>', Component)`; the renderer looks the
 * component up by the question's `type`. forms:check scans for those calls.
 */
import type { ComponentType } from 'react';
import type { KeyedQuestion, Question } from '../../engine/definitions';
import type { KeyedType, QuestionType } from '../../engine/question-types';

/** The definition a component of type T receives. */
export type QuestionOf<T extends QuestionType> = T extends KeyedType
  ? KeyedQuestion
  : Extract<Question, { type: T }>;

export interface QuestionProps<T extends QuestionType = QuestionType> {
  question: QuestionOf<T>;
}

export type QuestionComponent<T extends QuestionType = QuestionType> = ComponentType<
  QuestionProps<T>
>;

const registry = new Map<QuestionType, QuestionComponent>();

/** Registers the component that draws questions of one type (the last registration wins). */
export function registerQuestion<T extends QuestionType>(
  type: T,
  component: QuestionComponent<T>,
): void {
  registry.set(type, component as unknown as QuestionComponent);
}

/** The component registered for a type, if any. */
export function questionComponent(type: QuestionType): QuestionComponent | undefined {
  return registry.get(type);
}

/** The types that have a component. */
export function registeredTypes(): QuestionType[] {
  return [...registry.keys()];
}
