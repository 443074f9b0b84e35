import { memo, useEffect, useLayoutEffect } from 'react';
import type { PageDefinition } from '../../engine/definitions';
import { useFormStore } from '../form/form-context';
import { PageContext } from '../form/page-context';
import '../styles/questions.css';
import { afterFirstLoad } from '../components/after-first-load';
import { preloadQuestionTypes, questionRenderers } from '../questions/question-renderers';
import { QuestionRenderersContext } from './question-renderers-context';
import { SectionNode } from './section-node';
import { t } from '../i18n/i18n';
import { richText } from '../i18n/rich-text';

/**
 * Draws a page definition: its sections and their questions, each by the component of its type,
 * hidden while a condition fails. Components subscribe to the answers they read, so this renders
 * once per page, not per keystroke.
 */
export function PageRenderer({ page }: { page: PageDefinition }) {
  const store = useFormStore();
  useLayoutEffect(() => {
    if (store.getPage() !== page) store.setPage(page);
  }, [store, page]);
  // The question types this page does not use load apart; fetched ahead once the load is over.
  useEffect(() => afterFirstLoad(() => void preloadQuestionTypes()), []);
  return <PageBody page={page} />;
}

/** Memoised, so a shell re-rendering around the page does not walk the sections again. */
const PageBody = memo(function PageBody({ page }: { page: PageDefinition }) {
  return (
    <PageContext.Provider value={page}>
      <QuestionRenderersContext.Provider value={questionRenderers}>
        <div className="question-page">
          <p className="question-page__required-note">
            {richText(t('page.requiredNote'), {
              star: (words) => <span aria-hidden="true">{words}</span>,
              hidden: (words) => <span className="visually-hidden">{words}</span>,
            })}
          </p>
          {page.sections.map((section) => (
            <SectionNode key={section.id} section={section} />
          ))}
        </div>
      </QuestionRenderersContext.Provider>
    </PageContext.Provider>
  );
});
