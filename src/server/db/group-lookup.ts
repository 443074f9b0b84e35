interface Waiting<Row> {
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Lookups by key that are asked for in one turn of the event loop, answered by one query for all
 * of their keys, on either database: one statement (and on PostgreSQL one round trip and one
 * pooled connection) where each lookup was one of its own. Each lookup still sees every write
 * committed before it was asked for, by any process: the query runs after the turn that asked.
 * A key asked for twice is looked up once. If the query fails, every lookup of the group fails.
 */
export class GroupLookup<Row> {
  private waiting = new Map<string, Array<Waiting<Row>>>();

  /** `find` answers the rows of the keys it is given, by key (a key without a row: none). */
  constructor(private readonly find: (keys: string[]) => Promise<Map<string, Row>>) {}

  /** The row of `key`, looked up with the other keys asked for in this turn. */
  get(key: string): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const waiting = this.waiting.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const group = this.waiting;
    this.waiting = new Map();
    let rows: Map<string, Row>;
    try {
      rows = await this.find([...group.keys()]);
    } catch (error) {
      for (const waiting of group.values()) for (const { reject } of waiting) reject(error);
      return;
    }
    for (const [key, waiting] of group) for (const { resolve } of waiting) resolve(rows.get(key));
  }
}
