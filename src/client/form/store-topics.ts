/**
 * The topics the form store notifies: one per answer, per field's errors, per tabs question and
 * per add-another. A component subscribes to the topics it reads, so a change re-renders only
 * what depends on it.
 */
import { conditionKeys } from '../../engine/conditions';
import type { PageDefinition } from '../../engine/definitions';
import { NestedCache } from '../../engine/nested-cache';
import { fieldIndex } from '../../engine/page-fields';

export const answerTopic = (key: string): string => `a:${key}`;
export const errorTopic = (key: string): string => `e:${key}`;
export const tabTopic = (id: string): string => `t:${id}`;
export const isErrorTopic = (topic: string): boolean => topic.startsWith('e:');
export const isAnswerTopic = (topic: string): boolean => topic.startsWith('a:');
export const blockTopic = (id: string): string => `b:${id}`;

const cache = new NestedCache<PageDefinition, string, readonly string[]>();
const quietCache = new WeakMap<readonly string[], readonly string[]>();

/** A field's topics without its errors, for while errors are not shown. */
export function quietTopics(topics: readonly string[]): readonly string[] {
  let quiet = quietCache.get(topics);
  if (!quiet) quietCache.set(topics, (quiet = topics.filter((t) => !isErrorTopic(t))));
  return quiet;
}

/**
 * Everything a field's view (visibility, required marker, errors) reads: the answers its
 * conditions and its `required` condition name, its tab, its block count and its errors.
 */
export function fieldTopics(page: PageDefinition, key: string): readonly string[] {
  return cache.get(page, key, () => {
    const field = fieldIndex(page).get(key);
    const set = new Set([errorTopic(key)]);
    if (field) {
      const { required } = field.question;
      const conditions =
        required !== undefined && typeof required !== 'boolean'
          ? [...field.conditions, required]
          : field.conditions;
      for (const condition of conditions)
        for (const name of conditionKeys(condition)) set.add(answerTopic(name));
      if (field.tab) set.add(tabTopic(field.tab.tabs));
      if (field.instance) set.add(blockTopic(field.instance.id));
    }
    return [...set];
  });
}
