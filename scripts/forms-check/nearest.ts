/**
 * "Did you mean …": the valid name nearest to a misspelt one, so a finding names the fix instead
 * of listing every allowed value (a question type, a property, an answer key, an option).
 */

/** Edit distance (insertions, deletions, substitutions and swaps of neighbours). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_v, i) =>
    Array.from({ length: cols }, (_w, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate nearest to `word`, or undefined when none is near enough to be a likely typo
 * (more than a third of the longer name differs); case is ignored, ties go to the first.
 */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(1, Math.ceil(Math.max(word.length, best.length) / 3));
  return bestDistance <= limit ? best : undefined;
}

/** ` Did you mean "select"?`, or '' when no candidate is near. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const found = nearest(word, candidates);
  return found === undefined ? '' : ` Did you mean "${found}"?`;
}
