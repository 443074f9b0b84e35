import { createElement, lazy, Suspense, useState } from 'react';
import type { QuestionType } from '../../../engine/question-types';
import type { QuestionComponent, QuestionProps } from '../../renderer/question-props';

/** A question component whose code loads apart from the page's, and a way to fetch it ahead. */
export type LazyQuestionComponent<T extends QuestionType> = QuestionComponent<T> & {
  /** Fetches the code once; resolves when it is there (never rejects: a render tries again). */
  preload: () => Promise<void>;
};

/**
 * A question whose code loads when a page first shows one, or earlier through `preload` (after
 * the first load, or before a prerendered page that has one hydrates): the types /about does not
 * use stay out of its first load. Loaded ahead, it renders at once, in the same tree as when it
 * waited (no remount). Until it arrives a group question's frame and label hold its place
 * (`frameClass`), with the classes the component draws them with, so nothing jumps and no
 * page-wide spinner takes the focus away; a field (no `frameClass`) holds none, since it may be
 * a hidden one. A prerendered question keeps the server's markup until its code is there.
 */
export function lazyQuestion<T extends QuestionType>(
  load: () => Promise<QuestionComponent<T>>,
  frameClass?: string,
): LazyQuestionComponent<T> {
  let loaded: QuestionComponent<T> | undefined;
  let pending: Promise<QuestionComponent<T>> | undefined;
  const fetch = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // the next render or preload tries again
        throw error;
      },
    ));

  const Lazy = lazy(() => fetch().then((component) => ({ default: component })));

  function LazyQuestion(props: QuestionProps<T>) {
    // Decided when the question mounts and kept: switching from the lazy element to the loaded
    // component would remount the question (and lose its focus and typing).
    const [ready] = useState(() => loaded);
    const { id, label } = props.question;
    const frame = frameClass && (
      <div id={id} className={`question ${frameClass}`} aria-busy="true">
        {label && <p className="question__label">{label}</p>}
      </div>
    );
    return <Suspense fallback={frame}>{createElement(ready ?? Lazy, props)}</Suspense>;
  }
  return Object.assign(LazyQuestion, {
    preload: () =>
      fetch().then(
        () => undefined,
        () => undefined,
      ),
  });
}
