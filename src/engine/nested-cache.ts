/**
 * A cache of values made once per (object, key): per page and field, per add-another and block
 * number. The outer map is weak, so a definition that is no longer used takes its entries with
 * it; the values keep their identity between renders (conditions and memos compare by object).
 */
export class NestedCache<Outer extends object, Key, Value> {
  private readonly byOuter = new WeakMap<Outer, Map<Key, Value>>();

  /** The value for (`outer`, `key`), made by `make` the first time it is asked for. */
  get(outer: Outer, key: Key, make: () => Value): Value {
    let byKey = this.byOuter.get(outer);
    if (!byKey) this.byOuter.set(outer, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) byKey.set(key, (value = make()));
    return value;
  }
}
