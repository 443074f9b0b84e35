/**
 * The question types of the form language. The client has one component per type (a typed record
 * in src/client/questions/question-renderers.ts), so a type without one does not compile.
 */
export const questionTypes = [
  'text',
  'password',
  'ssn',
  'textarea',
  'date',
  'phone',
  'select',
  'radio',
  'checkbox',
  'checkbox-group',
  'yes-no',
  'confirm',
  'address',
  'school-search',
  'file',
  'add-another',
  'tabs',
  'paragraph',
] as const;

export type QuestionType = (typeof questionTypes)[number];

/** Types whose chosen option also stores a display text under `{key}_desc` (SPEC §3). */
export const descTypes: readonly QuestionType[] = ['select', 'radio', 'yes-no'];

/**
 * Types that ask for one answer under their own `key`. KeyedQuestion extends QuestionBase, so a
 * name here that is not a question type does not compile.
 */
export type KeyedType =
  | 'text'
  | 'password'
  | 'ssn'
  | 'textarea'
  | 'date'
  | 'phone'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'yes-no'
  | 'confirm'
  | 'file';

/** The default max length of each input (SPEC §9: text 45, text area 1500). */
export function defaultMaxLength(type: QuestionType): number | undefined {
  if (type === 'textarea') return 1500;
  if (type === 'text' || type === 'password') return 45;
  return undefined;
}
