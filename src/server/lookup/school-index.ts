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
  private readonly byPrefix = new Map<string, number[]>();

  constructor(schools: IndexedSchool[]) {
    this.schools = [...schools].sort((a, b) =>
      a.nameKey === b.nameKey ? compare(a.id, b.id) : compare(a.nameKey, b.nameKey),
    );
    this.schools.forEach((school, at) => {
      const prefixes = new Set<string>();
      for (const word of school.words) {
        const letters = Array.from(word);
        for (let n = 1; n <= Math.min(INDEXED_PREFIX, letters.length); n++) {
          prefixes.add(letters.slice(0, n).join(''));
        }
      }
      for (const prefix of prefixes) {
        let list = this.byPrefix.get(prefix);
        if (!list) this.byPrefix.set(prefix, (list = []));
        list.push(at);
      }
    });
  }

  /**
   * The schools where every token begins a word of the name, the city or the code, best first:
   * schools of `state`, then names that begin with the whole query, then those whose matched
   * words come earliest (the name's before the city's and the code's), then by name.
   */
  search(tokens: string[], limit: number, state: string | undefined): IndexedSchool[] {
    const lists = tokens.map(
      (token) => this.byPrefix.get(Array.from(token).slice(0, INDEXED_PREFIX).join('')) ?? [],
    );
    const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
    const key = tokens.join(' ');
    const best: Array<{ at: number; score: number }> = [];
    for (const at of shortest) {
      const school = this.schools[at]!;
      let position = 0;
      for (const token of tokens) {
        const found = school.words.findIndex((word) => word.startsWith(token));
        if (found < 0) {
          position = -1;
          break;
        }
        position += found;
      }
      if (position < 0) continue;
      // Lower is better; the list is in name order, so a tie keeps the earlier school.
      const score =
        (state && school.state !== state ? 2 ** 30 : 0) +
        (school.nameKey.startsWith(key) ? 0 : 2 ** 29) +
        Math.min(position, 2 ** 28);
      if (best.length === limit && score >= best[limit - 1]!.score) continue;
      let i = best.length;
      while (i > 0 && best[i - 1]!.score > score) i--;
      best.splice(i, 0, { at, score });
      if (best.length > limit) best.pop();
    }
    return best.map(({ at }) => this.schools[at]!);
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One index per category, with the data hash it was built from. */
export interface SchoolIndexes {
  hash: string;
  byCategory: Map<string, SchoolIndex>;
}
