// Each type, in the language's order, and whether it asks for one answer under its own `key`.
const asksUnderOwnKey = {
  text: true,
  password: true,
  ssn: true,
  textarea: true,
  date: true,
  phone: true,
  select: true,
  radio: true,
  checkbox: true,
  'checkbox-group': false,
  'yes-no': true,
  confirm: true,
  address: false,
  'school-search': false,
  file: true,
  'add-another': false,
  tabs: false,
  paragraph: false,
} as const;

export type QuestionType = keyof typeof asksUnderOwnKey;

/**
 * The question types of the form language. The client has one component per type (a typed record
 * in src/client/questions/question-renderers.ts), so a type without one does not compile.
 */
export const questionTypes = Object.keys(asksUnderOwnKey) as readonly QuestionType[];

/** Types whose chosen option also stores a display text under `{key}_desc` (SPEC §3). */
export const descTypes: readonly QuestionType[] = ['select', 'radio', 'yes-no'];

/** Types that ask for one answer under their own `key`. */
export type KeyedType = {
  [T in QuestionType]: (typeof asksUnderOwnKey)[T] extends true ? T : never;
}[QuestionType];

/** The default max length of each input (SPEC §9: text 45, text area 1500). */
export function defaultMaxLength(type: QuestionType): number | undefined {
  if (type === 'textarea') return 1500;
  if (type === 'text' || type === 'password') return 45;
  return undefined;
}
