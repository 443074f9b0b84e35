import type { Answers } from '../../engine/definitions';

/** What navigation state can carry to a form route (SPEC §2). */
export interface FormLocationState {
  successMessage?: string;
  errorMessage?: string;
  /** A visitor's answers, carried to and from the account screens. */
  answers?: Answers;
  /** Where focus goes after this navigation: the error summary after a failed submit. */
  focus?: 'summary';
}

/** Reads navigation state defensively: it comes from history and may be anything. */
export function readFormLocationState(state: unknown): FormLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : undefined);
  const result: FormLocationState = {};
  const success = text('successMessage');
  const error = text('errorMessage');
  if (success) result.successMessage = success;
  if (error) result.errorMessage = error;
  if (record.focus === 'summary') result.focus = 'summary';
  if (typeof record.answers === 'object' && record.answers !== null) {
    const answers = Object.entries(record.answers as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    result.answers = Object.fromEntries(answers);
  }
  return result;
}
