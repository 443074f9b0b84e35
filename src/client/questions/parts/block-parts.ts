import { useCallback } from 'react';
import { searchKey, type LookupBlock } from '../../../engine/lookup-answers';
import { blockParts, type BlockPart } from '../../../engine/page-fields';
import { blockLine } from '../../../engine/read-only-text';
import { showsErrors } from '../../../engine/web-status';
import { useFormEnvironment } from '../../form/form-context';
import type { FormStore } from '../../form/form-store';
import { answerTopic, errorTopic } from '../../form/store-topics';
import { useStoreSelector } from '../../form/use-store-selector';

const partsCache = new WeakMap<LookupBlock, BlockPart[]>();
const topicsCache = new WeakMap<LookupBlock, readonly string[]>();
const errorTopicsCache = new WeakMap<LookupBlock, readonly string[]>();
const noTopics: readonly string[] = [];

/** A block's parts (engine blockParts), cached so their questions keep their identity. */
export function partsOf(block: LookupBlock): BlockPart[] {
  let parts = partsCache.get(block);
  if (!parts) partsCache.set(block, (parts = blockParts(block)));
  return parts;
}

function topicsOf(block: LookupBlock): readonly string[] {
  let topics = topicsCache.get(block);
  if (!topics) {
    const keys = partsOf(block).flatMap((part) => [part.key, `${part.key}_desc`]);
    topicsCache.set(block, (topics = keys.map(answerTopic)));
  }
  return topics;
}

/** The block on one line (engine blockLine), re-rendering only when one of its answers changes. */
export function useBlockLine(block: LookupBlock): string {
  const select = useCallback(
    (store: FormStore) => blockLine(block, store.getState().answers, store.now()),
    [block],
  );
  return useStoreSelector(topicsOf(block), select);
}

/** The parts other than the search box, whose fields show only in manual entry. */
export const otherParts = (block: LookupBlock): BlockPart[] =>
  partsOf(block).filter((part) => part.key !== searchKey(block));

function errorTopicsOf(block: LookupBlock): readonly string[] {
  let topics = errorTopicsCache.get(block);
  if (!topics) {
    topics = otherParts(block).map((part) => errorTopic(part.key));
    errorTopicsCache.set(block, topics);
  }
  return topics;
}

/** Whether a part other than the search box shows an error (its field must then be drawn). */
export function useOtherPartsShowErrors(block: LookupBlock): boolean {
  const { status } = useFormEnvironment();
  const shows = showsErrors(status);
  const select = useCallback(
    (store: FormStore) =>
      shows &&
      otherParts(block).some((part) => (store.getShownErrors()[part.key]?.length ?? 0) > 0),
    [block, shows],
  );
  return useStoreSelector(shows ? errorTopicsOf(block) : noTopics, select);
}
