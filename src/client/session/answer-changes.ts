import type { Answers } from '../../engine/definitions';
import { formPages } from '../../forms/form-pages';
import { fileAnswerKeys } from '../../engine/page-fields';

/**
 * File questions' answers are the server's to write; the page only copies them in. Read on first
 * use, not when this module is evaluated: for a page in Spanish, the definitions are put in its
 * language after the form's code has loaded (boot.ts), and reading them before would keep the
 * English fields in page-fields.ts's cache (the Spanish page then renders English labels).
 */
let serverWritten: ReadonlySet<string> | undefined;
const serverWrittenKeys = () => (serverWritten ??= fileAnswerKeys(formPages));

/**
 * The answers that differ from what the server last stored. Saving only these means two tabs
 * never erase each other's answers (the server merges key by key); a key that disappeared is
 * sent as '' so a cleared answer is cleared on the server too. File questions' answers are never
 * changes: the server writes them.
 */
export function changedAnswers(saved: Answers, current: Answers): Answers {
  const changes: Answers = {};
  for (const [key, value] of Object.entries(current)) {
    if ((saved[key] ?? '') !== value && !serverWrittenKeys().has(key)) changes[key] = value;
  }
  for (const [key, value] of Object.entries(saved)) {
    if (!(key in current) && value !== '' && !serverWrittenKeys().has(key)) changes[key] = '';
  }
  return changes;
}
