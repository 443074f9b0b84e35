import { useId, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DefinitionChanges } from '../../contract/application';
import { definitionChangeTexts as texts } from '../messages';

interface DefinitionChangesNoticeProps {
  changes: DefinitionChanges['pages'][number];
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
        {texts.title}
      </h2>
      {added.length > 0 && (
        <>
          <p>{texts.added(added.length)}</p>
          <ul className="error-summary__list">
            {added.map((question) => (
              <li key={question.key}>
                <a href={question.href} onClick={follow(question.key)}>
                  {question.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {options.length > 0 && (
        <>
          <p>{texts.options(options.length)}</p>
          <ul className="error-summary__list">
            {options.map((question) => (
              <li key={question.key}>
                <a href={question.href} onClick={follow(question.key)}>
                  {texts.option(question.label, question.was)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {removed.length > 0 && <p>{texts.removed(removed.length)}</p>}
    </div>
  );
}
