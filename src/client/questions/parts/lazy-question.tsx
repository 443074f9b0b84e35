import { createElement, lazy, Suspense } from 'react';
import type { QuestionType } from '../../../engine/question-types';
import type { QuestionComponent, QuestionProps } from '../../renderer/question-props';

type GroupType = 'tabs' | 'add-another';

/**
 * A group question whose code loads when a page first shows one: only Your Academics has them, so
 * other pages (and /about's first load) never fetch it. Until it arrives the question's frame and
 * label hold its place, with the classes the component draws them with, so nothing jumps and no
 * page-wide spinner takes the focus away; the frame has nothing focusable to lose.
 */
export function lazyQuestion<T extends GroupType & QuestionType>(
  load: () => Promise<QuestionComponent<T>>,
  className: string,
): QuestionComponent<T> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyQuestion(props: QuestionProps<T>) {
    const { id, label } = props.question;
    const frame = (
      <div id={id} className={`question ${className}`} aria-busy="true">
        {label && <p className="question__label">{label}</p>}
      </div>
    );
    return <Suspense fallback={frame}>{createElement(Loaded, props)}</Suspense>;
  };
}
