import { useCallback } from 'react';
import type { FieldView } from '../../../engine/field-view';
import { useAnswer, useFormStore } from '../../form/form-context';
import { useFieldView } from '../../form/use-field-view';

export interface KeyedField {
  view: FieldView;
  value: string;
  /** Sets the answer (and its `_desc` when given) through the store. */
  set: (value: string, desc?: string) => void;
}

/** What a one-answer question needs: the engine's view, the answer, and a setter. */
export function useKeyedField(key: string): KeyedField {
  const store = useFormStore();
  const view = useFieldView(key);
  const value = useAnswer(key);
  const set = useCallback(
    (next: string, desc?: string) => store.setAnswer(key, next, desc),
    [store, key],
  );
  return { view, value, set };
}
