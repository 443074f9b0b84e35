import type { Answers, PageDefinition } from '../../engine/definitions';
import { pageFields } from '../../engine/page-fields';
import { descKey } from '../../engine/visibility';

/** A question answered both before signing in and in the account, differently. */
export interface AnswerConflict {
  key: string;
  /** The question as the applicant reads it. */
  label: string;
  /** Each answer as shown (a choice's display text where it has one). */
  saved: string;
  typed: string;
}

/**
 * The questions whose typed answer (a visitor's, brought in at sign-in) differs from the one
 * the account has saved, in page order. A question only one of them answers is no conflict:
 * the server already filled it in (VisitorAnswers.claim).
 */
export function answerConflicts(
  pages: readonly PageDefinition[],
  typed: Answers,
  saved: Answers,
): AnswerConflict[] {
  const shown = (answers: Answers, key: string) => answers[descKey(key)] || answers[key] || '';
  const conflicts: AnswerConflict[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const { key, question } of pageFields(page)) {
      if (seen.has(key)) continue;
      seen.add(key);
      const mine = typed[key] ?? '';
      const theirs = saved[key] ?? '';
      if (mine === '' || theirs === '' || mine === theirs) continue;
      conflicts.push({
        key,
        label: question.label ?? key,
        saved: shown(saved, key),
        typed: shown(typed, key),
      });
    }
  }
  return conflicts;
}

/** The typed answers of the conflicts, each with its display text: what "use typed" saves. */
export function typedChanges(conflicts: readonly AnswerConflict[], typed: Answers) {
  return conflicts.map(({ key }) => {
    const desc = typed[descKey(key)];
    return desc === undefined
      ? { key, value: typed[key] ?? '' }
      : { key, value: typed[key] ?? '', desc };
  });
}
