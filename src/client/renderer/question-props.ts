/**
 * What a question component receives: the definition of its type (STYLE.md "Renderers chosen by
 * data"). The record in src/client/questions/question-renderers.ts maps each type to one.
 */
import type { ComponentType } from 'react';
import type { KeyedQuestion, Question } from '../../engine/definitions';
import type { KeyedType, QuestionType } from '../../engine/question-types';

/** The definition a component of type T receives. */
type QuestionOf<T extends QuestionType> = T extends KeyedType
  ? KeyedQuestion
  : Extract<Question, { type: T }>;

export interface QuestionProps<T extends QuestionType = QuestionType> {
  question: QuestionOf<T>;
}

export type QuestionComponent<T extends QuestionType = QuestionType> = ComponentType<
  QuestionProps<T>
>;
