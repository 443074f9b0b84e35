/** An AJV error as the compiled validators report it (only the fields we read). */
interface ValidationError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** A standalone AJV validator; `this` may carry context for custom keywords (e.g. "now"). */
export interface CompiledValidator {
  (this: ValidationContext | void, data: unknown): boolean;
  errors?: ValidationError[] | null;
  /**
   * A page validator's per-field validators (field-schema.ts): each gives its field the errors
   * this one gives it, and costs a fraction. A field not listed has no rule, so no error.
   */
  fields?: Readonly<Record<string, CompiledValidator>>;
}

export interface ValidationContext {
  /** The instant date-relative rules measure from; defaults to the current time. */
  now?: Date;
  /** Puts messages in the applicant's language; defaults to the installed one (English: none). */
  translate?: MessageTranslator;
}

/**
 * A schema message in the applicant's language: the field and the English message as the schema
 * has it (placeholders unfilled). Unknown messages come back as they are.
 */
export type MessageTranslator = (field: string, message: string) => string;

const untranslated: MessageTranslator = (_field, message) => message;
let installedTranslator: MessageTranslator = untranslated;

/**
 * Sets the translator every validation uses when its context names none: the browser's, once
 * its language is loaded (src/forms/form-language.ts); the locale is fixed for a page's life.
 */
export function installMessageTranslator(translator: MessageTranslator | undefined): void {
  installedTranslator = translator ?? untranslated;
}

/** A message (one the engine itself adds, e.g.) in the context's language. */
export function translatedMessage(
  field: string,
  message: string,
  context: ValidationContext = {},
): string {
  return (context.translate ?? installedTranslator)(field, message);
}

/** Field key → every distinct message for that field, in schema order. */
export type FieldErrors = Record<string, string[]>;

/**
 * Runs a compiled validator and returns all distinct messages per field. Never throws: invalid
 * data is an expected outcome, reported as data. Only errors with an author-written message
 * (ajv-errors) are kept, so applicants never see AJV's own wording.
 */
export function validate(
  validator: CompiledValidator,
  data: unknown,
  context: ValidationContext = {},
): FieldErrors {
  if (validator.call(context, data)) return {};
  const result: FieldErrors = {};
  for (const error of validator.errors ?? []) {
    if (error.keyword !== 'errorMessage' || !error.message) continue;
    const field = fieldOf(error);
    // Translated before the placeholders are filled: the translation keeps `{name}` as it is.
    const message = fillPlaceholders(translatedMessage(field, error.message, context), error);
    const list = (result[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
}

/**
 * Fills `{name}` in a message from the params of the errors it replaced, e.g. `{year}` of the
 * mailing-date keywords; ajv-errors can only interpolate data, not keyword parameters.
 */
function fillPlaceholders(message: string, error: ValidationError): string {
  if (!message.includes('{')) return message;
  const inner = (error.params.errors ?? []) as Array<{ params?: Record<string, unknown> }>;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = inner.find((e) => e.params?.[name] !== undefined)?.params?.[name];
    return value === undefined ? whole : String(value);
  });
}

function fieldOf(error: ValidationError): string {
  const fromPath = error.instancePath.split('/')[1];
  if (fromPath) return decodePointer(fromPath);
  // A `required` failure sits on the parent object; the missing property names the field.
  const inner = error.params.errors as Array<{ params?: { missingProperty?: string } }> | undefined;
  return inner?.find((e) => e.params?.missingProperty)?.params?.missingProperty ?? '';
}

const decodePointer = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Only the errors of the named fields (a card or page checks just its own fields). */
export function pickErrors(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  const picked: FieldErrors = {};
  for (const field of fields) {
    const list = errors[field];
    if (list?.length) picked[field] = list;
  }
  return picked;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
