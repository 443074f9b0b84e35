import { useId, type MouseEvent } from 'react';
import { useNavigate } from '../routing/router-hooks';
import type { DefinitionChanges } from '../../contract/application';
import { definitionChangeTexts as texts } from '../i18n/changes-texts';

interface DefinitionChangesNoticeProps {
  changes: DefinitionChanges['pages'][number];
}

interface QuestionLinksProps<Q extends { key: string; href: string }> {
  intro: (count: number) => string;
  questions: readonly Q[];
  follow: (key: string) => (event: MouseEvent<HTMLAnchorElement>) => void;
  children: (question: Q) => string;
}

/** A counted list of links to questions, or nothing when there are none. */
function QuestionLinks<Q extends { key: string; href: string }>(props: QuestionLinksProps<Q>) {
  const { intro, questions, follow, children } = props;
  if (questions.length === 0) return null;
  return (
    <>
      <p>{intro(questions.length)}</p>
      <ul className="error-summary__list">
        {questions.map((question) => (
          <li key={question.key}>
            <a href={question.href} onClick={follow(question.key)}>
              {children(question)}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What changed on this page since the applicant's last save (issue 18), in the error summary's
 * style: the questions added and the options no longer offered, each a link that moves focus to
 * its field; answers to questions no longer asked are only counted, never shown.
 */
export function DefinitionChangesNotice({ changes }: DefinitionChangesNoticeProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const follow = (key: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    // The form layout moves focus to the field an anchor names.
    void navigate({ pathname: changes.route, hash: `#${key}` });
  };
  const { added, options, removed } = changes;

  return (
    <div role="group" className="error-summary definition-changes" aria-labelledby={titleId}>
      <h2 id={titleId} className="error-summary__title">
        {texts.title()}
      </h2>
      <QuestionLinks intro={texts.added} questions={added} follow={follow}>
        {(question) => question.label}
      </QuestionLinks>
      <QuestionLinks intro={texts.options} questions={options} follow={follow}>
        {(question) => texts.option(question.label, question.was)}
      </QuestionLinks>
      {removed.length > 0 && <p>{texts.removed(removed.length)}</p>}
    </div>
  );
}
