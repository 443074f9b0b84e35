import { useCallback, useEffect, useRef } from 'react';
import type { AddAnotherQuestion as Definition } from '../../engine/definitions';
import { blockQuestions } from '../../engine/question-blocks';
import { blockCount } from '../../engine/visibility';
import { useAddAnotherCounts, useSaveAddAnother } from '../form/choices-api';
import { useFormEnvironment, useFormStore } from '../form/form-context';
import type { FormStore } from '../form/form-store';
import { blockTopic } from '../form/store-topics';
import { useFailureToast } from '../form/use-failure-toast';
import { useStoreSelector } from '../form/use-store-selector';
import { focusInside } from '../renderer/focus-field';
import type { QuestionProps } from '../renderer/question-props';
import { QuestionList } from '../renderer/question-list';
import { BusyButton } from '../components/busy-button';
import { catalogueArea } from '../i18n/i18n';
import english from '../i18n/add-another.en.json';

// Its texts load with it, not with a first load that does not show it (issue 43).
const questionText = catalogueArea(english);

const topicsCache = new WeakMap<Definition, readonly string[]>();
const topicsOf = (question: Definition) => {
  let topics = topicsCache.get(question);
  if (!topics) topicsCache.set(question, (topics = [blockTopic(question.id)]));
  return topics;
};

/**
 * Repeated blocks of questions (SPEC §4 "Add another"). A logged-in applicant's count comes from
 * GET /api/add-another (default 1); Add Another stores count + 1 with PUT and shows while the
 * count is below the maximum. Visitors see the default count and no button.
 */
export function AddAnotherQuestion({ question }: QuestionProps<'add-another'>) {
  const store = useFormStore();
  const { loggedIn: applicant } = useFormEnvironment();
  const counts = useAddAnotherCounts(applicant);
  const save = useSaveAddAnother();
  const failed = useFailureToast();
  // SPEC §8's template, filled with what the applicant reads rather than the internal id.
  const failure = questionText('addAnother.failure', { question: question.label ?? question.id });
  const selectCount = useCallback(
    (s: FormStore) => blockCount(s.getState(), question.id),
    [question.id],
  );
  const count = Math.min(useStoreSelector(topicsOf(question), selectCount), question.max);
  const blocks = useRef<HTMLDivElement>(null);
  const focusBlock = useRef<number | null>(null);

  useEffect(() => {
    if (counts.data) store.restoreChoices({ addAnother: counts.data });
  }, [counts.data, store]);
  useEffect(() => {
    if (counts.error) failed(failure, counts.error);
  }, [counts.error, failed, failure]);
  useEffect(() => {
    // Move focus into the block just added, so keyboard users land on its first question.
    if (focusBlock.current === null) return;
    const block = blocks.current?.querySelector(`[data-block="${focusBlock.current}"]`);
    if (block instanceof HTMLElement) focusInside(block);
    focusBlock.current = null;
  }, [count]);

  const add = () => {
    const next = count + 1;
    save.mutate(
      { buttonId: question.id, count: next },
      {
        onSuccess: () => {
          focusBlock.current = next;
          store.setAddAnother(question.id, next);
        },
        onError: (error) => failed(failure, error),
      },
    );
  };

  const numbers = Array.from({ length: count }, (_v, i) => i + 1);
  return (
    <fieldset id={question.id} className="question question--group add-another">
      {question.label && <legend className="question__label">{question.label}</legend>}
      {question.hint && <p className="question__hint">{question.hint}</p>}
      <div ref={blocks} className="add-another__blocks">
        {numbers.map((n) => (
          <div
            key={n}
            data-block={n}
            className="add-another__block"
            role="group"
            aria-label={`${question.label ?? question.id} ${n}`}
          >
            <QuestionList questions={blockQuestions(question, n)} />
          </div>
        ))}
      </div>
      {applicant && count < question.max && (
        <BusyButton
          className="button button--secondary add-another__button"
          onClick={add}
          busy={save.isPending}
        >
          {question.buttonLabel ?? questionText('addAnother.button')}
        </BusyButton>
      )}
    </fieldset>
  );
}
