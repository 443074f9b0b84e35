import { useMemo } from 'react';
import type { OptionItem, OptionSource } from '../../../engine/definitions';
import { resolveOptions } from '../../../engine/option-lists';
import { useAnswer, useFormStore } from '../../form/form-context';

/**
 * The options of a question; a list chosen by another answer (the state list by country)
 * re-resolves only when that answer changes.
 */
export function useOptions(source: OptionSource | undefined): OptionItem[] {
  const store = useFormStore();
  const byKey = source && typeof source === 'object' && 'byAnswer' in source ? source.byAnswer : '';
  const chooser = useAnswer(byKey);
  return useMemo(
    () =>
      source
        ? resolveOptions(source, { answers: byKey ? { [byKey]: chooser } : {}, now: store.now() })
        : [],
    [source, byKey, chooser, store],
  );
}
