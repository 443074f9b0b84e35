import { useMemo } from 'react';
import type { OptionItem, OptionSource } from '../../../engine/definitions';
import { resolveOptions, usesNamedListRows } from '../../../engine/option-lists';
import { useAnswer, useFormStore } from '../../form/form-context';
import { useNamedLists } from '../../form/named-lists';

/**
 * The options of a question; a list chosen by another answer (the state list by country)
 * re-resolves only when that answer changes. A list whose rows are not here yet
 * (form/named-lists.ts) is empty until they arrive: fetched at once when `urgent`, else after
 * the first load.
 */
export function useOptions(source: OptionSource | undefined, urgent = true): OptionItem[] {
  const store = useFormStore();
  const byKey = source && typeof source === 'object' && 'byAnswer' in source ? source.byAnswer : '';
  const chooser = useAnswer(byKey);
  const needsRows = source !== undefined && usesNamedListRows(source);
  const ready = useNamedLists(needsRows, urgent);
  return useMemo(
    () =>
      source && (ready || !needsRows)
        ? resolveOptions(source, { answers: byKey ? { [byKey]: chooser } : {}, now: store.now() })
        : [],
    [source, byKey, chooser, store, ready, needsRows],
  );
}
