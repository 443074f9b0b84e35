import type { Answers } from '../../engine/definitions';
import { pageIndex } from '../../forms/page-index';

/**
 * File questions' answers are the server's to write; the page only copies them in. The pages'
 * index names them for every page, whether its definition has loaded or not.
 */
let serverWritten: ReadonlySet<string> | undefined;
const serverWrittenKeys = () =>
  (serverWritten ??= new Set(pageIndex.flatMap((page) => page.fileKeys)));

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
