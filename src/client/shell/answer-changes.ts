import type { Answers } from '../../engine/definitions';

/**
 * The answers that differ from what the server last stored. Saving only these means two tabs
 * never erase each other's answers (the server merges key by key); a key that disappeared is
 * sent as '' so a cleared answer is cleared on the server too.
 */
export function changedAnswers(saved: Answers, current: Answers): Answers {
  const changes: Answers = {};
  for (const [key, value] of Object.entries(current)) {
    if ((saved[key] ?? '') !== value) changes[key] = value;
  }
  for (const [key, value] of Object.entries(saved)) {
    if (!(key in current) && value !== '') changes[key] = '';
  }
  return changes;
}
