import { useCallback } from 'react';
import { evaluateCondition, conditionKeys } from '../../engine/conditions';
import type { Condition } from '../../engine/definitions';
import { fieldView, type FieldView } from '../../engine/field-view';
import { showsErrors } from '../../engine/web-status';
import type { FieldErrors } from '../../engine/validation';
import { usePage } from './page-context';
import { useFormEnvironment } from './form-context';
import type { FormStore } from './form-store';
import { answerTopic, fieldTopics, quietTopics } from './store-topics';
import { useStoreSelector } from './use-store-selector';

const noErrors: FieldErrors = {};

const sameMessages = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((message, i) => message === b[i]);

/** Whether two views draw the same; a field re-renders only when its view really changes. */
function sameView(a: FieldView, b: FieldView): boolean {
  return (
    a.key === b.key &&
    a.visible === b.visible &&
    a.label === b.label &&
    a.hint === b.hint &&
    a.required === b.required &&
    a.describedBy === b.describedBy &&
    sameMessages(a.errors, b.errors)
  );
}

/** The engine's view of one field (visible, label, required, errors, describedBy). */
export function useFieldView(key: string): FieldView {
  const page = usePage();
  const { status } = useFormEnvironment();
  const shows = showsErrors(status);
  const select = useCallback(
    (store: FormStore) =>
      fieldView(page, key, store.getState(), shows ? store.getShownErrors() : noErrors, status),
    [page, key, status, shows],
  );
  // Errors are read (and the page validated) only while they show.
  const topics = fieldTopics(page, key);
  return useStoreSelector(shows ? topics : quietTopics(topics), select, sameView);
}

const none: readonly string[] = [];
const conditionTopicCache = new WeakMap<Condition, readonly string[]>();

function conditionTopics(condition: Condition | undefined): readonly string[] {
  if (!condition) return none;
  let topics = conditionTopicCache.get(condition);
  if (!topics) {
    topics = conditionKeys(condition).map(answerTopic);
    conditionTopicCache.set(condition, topics);
  }
  return topics;
}

/** Whether a condition holds (true without one); re-renders only when the answers it reads change. */
export function useCondition(condition: Condition | undefined): boolean {
  const select = useCallback(
    (store: FormStore) => evaluateCondition(condition, store.getState().answers),
    [condition],
  );
  return useStoreSelector(conditionTopics(condition), select);
}
