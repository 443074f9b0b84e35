/**
 * Types of the form language (forms/*.json), mirroring schemas/form-definition.schema.json and
 * schemas/site.schema.json. docs/forms.md explains every property to admissions staff.
 */
import type { RulesLogic } from 'json-logic-js';
import type { KeyedType, QuestionType } from './question-types';

/** Student answers: a flat map of strings; an empty answer is '' (SPEC §3). */
export type Answers = Record<string, string>;

/** Everything visibility depends on: the answers plus add-another counts and chosen tabs. */
export interface FormState {
  answers: Answers;
  /** add-another id → number of blocks shown (default 1). */
  addAnother?: Record<string, number>;
  /** tabs id → chosen tab id (default: the first tab). */
  tabs?: Record<string, string>;
}

export const operators = [
  'equals',
  'notEquals',
  'lt',
  'lte',
  'gt',
  'gte',
  'answered',
  'notAnswered',
  'in',
  'notIn',
] as const;
type Operator = (typeof operators)[number];

export type Scalar = string | number | boolean;

/** The spec's conditional rule (SPEC §3 "Conditional rule"). */
export interface Rule {
  valueKey: string;
  operator: Operator;
  target?: Scalar | Scalar[];
}

export type Condition =
  | Rule
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | { jsonLogic: RulesLogic };

export interface OptionItem {
  value: string;
  label: string;
  /**
   * An ISO date (YYYY-MM-DD): the option is offered until that day, exclusive, e.g. an entry
   * term until its first day of classes. Its label still names an earlier answer afterwards.
   */
  starts?: string;
}

/** A named list, with the year list's parameters when it is `years`. */
export interface NamedListSource {
  list: string;
  /** years: first year (default: this year, moved by startOffset). */
  start?: number;
  startOffset?: number;
  count?: number;
  direction?: 'past' | 'future';
  /**
   * years: a month-day (MM-DD) from which this year is no longer offered: from that day on the
   * list starts one year later (e.g. the last SAT date one can still register for).
   */
  until?: string;
}

/** Options chosen by another answer, e.g. the state list by country. */
export interface ByAnswerSource {
  byAnswer: string;
  cases: Record<string, OptionSource>;
  default?: OptionSource;
}

export type OptionSource = string | OptionItem[] | NamedListSource | ByAnswerSource;

export type Variant = 'underlined' | 'outlined';
type InputType = 'text' | 'textarea' | 'date' | 'password' | 'email';

interface QuestionBase {
  type: QuestionType;
  id?: string;
  label?: string;
  hint?: string;
  help?: string;
  condition?: Condition;
}

/** A question that stores one answer under `key`. */
export interface KeyedQuestion extends QuestionBase {
  type: KeyedType;
  key: string;
  /** Shows the field as required; a condition makes it required only while the condition holds. */
  required?: boolean | Condition;
  variant?: Variant;
  maxLength?: number;
  /** At maxLength, stop the input (default) or let the applicant type on and show the rule's message. */
  maxLengthMode?: 'stop-typing' | 'show-message';
  inputType?: InputType;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  placeholder?: string;
  autocomplete?: string;
  rows?: number;
  options?: OptionSource;
  /** Keys whose change clears this answer (a select depending on another). */
  dependsOn?: string[];
  /** yes-no: shown when the answer is Y; confirm: shown once confirmed. */
  then?: Question[];
  /** yes-no: shown when the answer is N. */
  else?: Question[];
  /** confirm: a button or a checkbox. */
  style?: 'button' | 'checkbox';
  buttonLabel?: string;
}

interface CheckboxGroupQuestion extends QuestionBase {
  type: 'checkbox-group';
  items: Array<{ key: string; label: string }>;
}

export const addressParts = [
  'country',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'zip',
] as const;
export type AddressPart = (typeof addressParts)[number];

export interface AddressQuestion extends QuestionBase {
  type: 'address';
  prefix: string;
  parts?: AddressPart[];
  keys?: Partial<Record<AddressPart, string>>;
  labels?: Partial<Record<AddressPart, string>>;
  required?: boolean;
  variant?: Variant;
}

export interface SchoolSearchQuestion extends QuestionBase {
  type: 'school-search';
  prefix: string;
  category: 'hs_ceeb' | 'college_ceeb';
  parts?: AddressPart[];
  keys?: Partial<Record<AddressPart | 'name' | 'ceeb', string>>;
  labels?: Partial<Record<AddressPart | 'name' | 'ceeb', string>>;
  required?: boolean;
  variant?: Variant;
}

export interface AddAnotherQuestion extends QuestionBase {
  type: 'add-another';
  id: string;
  max: number;
  buttonLabel?: string;
  /** `{n}` in these questions is replaced by the block number, 1 to max. */
  questions: Question[];
}

export interface Tab {
  id: string;
  label: string;
  /** Answers cleared when this tab is chosen. */
  clears?: string[];
  /** Document key this tab uploads; deleted when the applicant switches away. */
  file?: string;
  questions: Question[];
}

export interface TabsQuestion extends QuestionBase {
  type: 'tabs';
  id: string;
  tabs: Tab[];
}

interface ParagraphQuestion extends QuestionBase {
  type: 'paragraph';
  text: string;
}

export type Question =
  | KeyedQuestion
  | CheckboxGroupQuestion
  | AddressQuestion
  | SchoolSearchQuestion
  | AddAnotherQuestion
  | TabsQuestion
  | ParagraphQuestion;

export interface Section {
  id: string;
  title?: string;
  description?: string;
  condition?: Condition;
  questions: Question[];
}

/** One heading of the error summary and the keys whose errors it lists (SPEC §2). */
export interface SummaryGroup {
  id: string;
  title: string;
  keys: string[];
}

export interface PageDefinition {
  $schema?: string;
  id: string;
  title: string;
  step: number;
  route: string;
  description?: string;
  errorSummary: SummaryGroup[];
  sections: Section[];
}

export interface AlertWindow {
  /** ISO date, inclusive. */
  start: string;
  /** ISO date, exclusive. */
  end: string;
  text: string;
}

/** forms/site.json: the university configuration, alert windows, Help and Privacy texts. */
export interface SiteConfig {
  /** A readable label of this edition of the definitions (the content hash is the version). */
  version?: string;
  university: {
    name: string;
    applicationTitle: string;
    siteStyle?: string;
    logoText?: string;
    privacyPolicyUrl: string;
    addressLines: string[];
    helpEmail: string;
    phone: string;
    schoolCode?: string;
    scoreSubmission?: Record<'sat' | 'act', { url: string; code: string }>;
    campusVisitUrl?: string;
    scholarshipsUrl?: string;
  };
  alerts: AlertWindow[];
  help: Record<string, string>;
  privacy: Record<string, unknown>;
}
