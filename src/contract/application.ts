/** An applicant's answers, progress, submission and form layout choices (SPEC §3, §4, §7). */
import { webStatuses } from '../engine/web-status';
import { locales } from './locale';
import { allRequired, stringMap, type Wire, string, integer } from './wire';

/** Add-another blocks may not exceed this many (SPEC §9: a larger setting is a configuration error). */
const MAX_COMPONENTS = 10;

/**
 * Answers are a flat map of strings (SPEC §3); keys are snake_case names of the data model.
 * Values hold no NUL character, which nobody types and PostgreSQL cannot store in text.
 */
export const answersBody = {
  type: 'object',
  maxProperties: 500,
  propertyNames: { pattern: '^[a-z][a-z0-9_]{0,79}$' },
  additionalProperties: { type: 'string', maxLength: 10000, pattern: '^[^\\u0000]*$' },
} as const;

export const lastPageBody = allRequired({ last_page: { type: 'string', maxLength: 100 } });

export const webStatusBody = allRequired({ web_status: { type: 'string', enum: webStatuses } });

/**
 * Text the database reads as JSON (validation reports feed the staff's missed-field counts on
 * PostgreSQL, whose JSON refuses NUL and lone surrogates): neither is in any name or message the
 * client shows, so both are refused (AJV matches patterns with the "u" flag, where
 * [\ud800-\udfff] is a surrogate alone, never half of a pair).
 */
const jsonText = '^[^\\u0000\\ud800-\\udfff]*$';

/** A validations report: field name → the messages it showed. */
export const validationsBody = {
  type: 'object',
  maxProperties: 500,
  propertyNames: { maxLength: 80, pattern: jsonText },
  additionalProperties: {
    type: 'array',
    maxItems: 20,
    items: { type: 'string', maxLength: 500, pattern: jsonText },
  },
} as const;

/** A visitor's answers token: claimed in a body, read back in a query. */
export const visitorTokenBody = allRequired({
  token: { type: 'string', minLength: 1, maxLength: 200 },
});

/** A visitor's answers, kept (POST /public/tmp) or handed back (GET /public/tmp, the claim). */
export const visitorAnswers = allRequired({ answer: answersBody });

export const answersReply = { 200: visitorAnswers } as const;

export const visitorTokenReply = {
  200: allRequired({ token: string }),
} as const;

const changedQuestion = {
  key: string,
  label: string,
  href: string,
} as const;

/**
 * What changed for the applicant since their last save, when the forms changed since (issue 18):
 * the label of the edition they saved under and, per page, the required questions added, the
 * chosen options no longer offered and the keys of answers no page asks any more.
 */
const definitionChanges = allRequired({
  since: string,
  pages: {
    type: 'array',
    items: allRequired({
      page: string,
      title: string,
      route: string,
      added: { type: 'array', items: allRequired(changedQuestion) },
      options: {
        type: 'array',
        items: allRequired({ ...changedQuestion, was: string }),
      },
      removed: { type: 'array', items: string },
    }),
  },
});

const profile = allRequired({
  answer: stringMap,
  /** The account's language (issue 40): a sign-in on another device takes it up. */
  language: { type: 'string', enum: locales },
  document_answer: { type: 'object', additionalProperties: true },
  username: string,
  last_page: string,
  successful_login: { type: 'array', items: string },
  web_status: {
    type: 'array',
    items: { type: 'object', properties: { web_status: string } },
  },
});

/** GET /api/profile (SPEC §3 "Profile response"; `definition_changes` only when there are some). */
export const profileReply = {
  200: { ...profile, properties: { ...profile.properties, definition_changes: definitionChanges } },
} as const;

/** add-another id → number of blocks shown. */
export const addAnotherReply = {
  200: { type: 'object', additionalProperties: integer },
} as const;

/** tabs id → chosen tab id. */
export const tabsReply = { 200: stringMap } as const;

const idString = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const addAnotherBody = allRequired({
  button_id: idString,
  num_components: { type: 'integer', minimum: 1, maximum: MAX_COMPONENTS },
});

export const tabsBody = allRequired({ tab_id: idString, chosen_tab: idString });

export type Profile = Wire<(typeof profileReply)[200]>;
export type DefinitionChanges = Wire<typeof definitionChanges>;
export type LastPageBody = Wire<typeof lastPageBody>;
export type WebStatusBody = Wire<typeof webStatusBody>;
export type ValidationsBody = Wire<typeof validationsBody>;
export type VisitorTokenBody = Wire<typeof visitorTokenBody>;
export type VisitorAnswers = Wire<typeof visitorAnswers>;
export type VisitorToken = Wire<(typeof visitorTokenReply)[200]>;
export type AddAnotherBody = Wire<typeof addAnotherBody>;
export type TabsBody = Wire<typeof tabsBody>;
