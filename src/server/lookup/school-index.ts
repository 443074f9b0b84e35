/** A school as suggestions show it, with the folded words the search compares. */
export interface IndexedSchool {
  id: string;
  name: string;
  ceeb: string;
  city: string;
  state: string;
  /** The name's words, folded, joined by single spaces. */
  nameKey: string;
  /** The folded words of name, city and code, in that order. */
  words: string[];
}

/** Prefixes this long or shorter have a list of their own; longer tokens filter the list of theirs. */
const INDEXED_PREFIX = 3;

/**
 * The schools of one category in memory, with a list of schools per word prefix of up to three
 * letters: a typed query finds its candidates without reading every school, whatever the
 * database. Built from lookup_entries by LookupService; the data change only when the lookup
 * files do, so the index is read-only once built.
 */
export class SchoolIndex {
  /** In the order ties end in: by name, then id. */
  private readonly schools: IndexedSchool[];
  /** Per prefix, its schools best first for a query of that prefix alone (see `search`). */
  private readonly byPrefix = new Map<string, number[]>();

  constructor(schools: IndexedSchool[]) {
    this.schools = [...schools].sort((a, b) =>
      a.nameKey === b.nameKey ? compare(a.id, b.id) : compare(a.nameKey, b.nameKey),
    );
    const scores = new Map<string, Map<number, number>>();
    this.schools.forEach((school, at) => {
      school.words.forEach((word) => {
        const letters = Array.from(word);
        for (let n = 1; n <= Math.min(INDEXED_PREFIX, letters.length); n++) {
          const prefix = letters.slice(0, n).join('');
          let list = scores.get(prefix);
          if (!list) scores.set(prefix, (list = new Map()));
          if (!list.has(at)) list.set(at, this.score(school, [prefix], prefix)!);
        }
      });
    });
    for (const [prefix, list] of scores) {
      this.byPrefix.set(
        prefix,
        [...list].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([at]) => at),
      );
    }
  }

  /**
   * The schools where every token begins a word of the name, the city or the code, best first:
   * schools of `state`, then names that begin with the whole query, then those whose matched
   * words come earliest (the name's before the city's and the code's), then by name.
   */
  search(tokens: string[], limit: number, state: string | undefined): IndexedSchool[] {
    const lists = tokens.map((token) => this.byPrefix.get(indexedPrefix(token)) ?? []);
    const [only] = tokens;
    if (only !== undefined && tokens.length === 1 && only === indexedPrefix(only)) {
      return this.firstOf(lists[0]!, limit, state);
    }
    const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
    const key = tokens.join(' ');
    const best: Array<{ at: number; score: number }> = [];
    for (const at of shortest) {
      const school = this.schools[at]!;
      const found = this.score(school, tokens, key);
      if (found === undefined) continue;
      const score = (state && school.state !== state ? 2 ** 30 : 0) + found;
      const last = best[limit - 1];
      if (last && (score > last.score || (score === last.score && at > last.at))) continue;
      let i = best.length;
      while (
        i > 0 &&
        (best[i - 1]!.score > score || (best[i - 1]!.score === score && best[i - 1]!.at > at))
      )
        i--;
      best.splice(i, 0, { at, score });
      if (best.length > limit) best.pop();
    }
    return best.map(({ at }) => this.schools[at]!);
  }

  /**
   * A query of one indexed prefix, the commonest (every lookup starts as one): its list is
   * already in order, so the answer is its first schools, those of `state` brought forward.
   */
  private firstOf(list: number[], limit: number, state: string | undefined): IndexedSchool[] {
    if (!state) return list.slice(0, limit).map((at) => this.schools[at]!);
    const inState: IndexedSchool[] = [];
    const others: IndexedSchool[] = [];
    for (const at of list) {
      const school = this.schools[at]!;
      if (school.state === state) inState.push(school);
      else if (others.length < limit) others.push(school);
      if (inState.length === limit) break;
    }
    return [...inState, ...others].slice(0, limit);
  }

  /**
   * Lower is better: 0 when the name begins with the whole query, and the sum of the positions of
   * the words the tokens begin; undefined when a token begins no word.
   */
  private score(school: IndexedSchool, tokens: string[], key: string): number | undefined {
    let position = 0;
    for (const token of tokens) {
      const found = school.words.findIndex((word) => word.startsWith(token));
      if (found < 0) return undefined;
      position += found;
    }
    return (school.nameKey.startsWith(key) ? 0 : 2 ** 29) + Math.min(position, 2 ** 28);
  }
}

const indexedPrefix = (token: string) => Array.from(token).slice(0, INDEXED_PREFIX).join('');

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One index per category, with the data hash it was built from. */
export interface SchoolIndexes {
  hash: string;
  byCategory: Map<string, SchoolIndex>;
}
