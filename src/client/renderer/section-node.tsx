import { memo } from 'react';
import type { Section } from '../../engine/definitions';
import { useCondition } from '../form/use-field-view';
import { QuestionList } from './question-list';

/**
 * One section of a page: its title, description and questions, hidden while its condition fails.
 * The questions are drawn by the renderers the nearest QuestionRenderersContext provides (the
 * product's in PageRenderer, the preview's in forms:preview).
 */
export const SectionNode = memo(function SectionNode({ section }: { section: Section }) {
  const shown = useCondition(section.condition);
  if (!shown) return null;
  const headingId = `section-${section.id}`;
  return (
    <section className="form-section" aria-labelledby={section.title ? headingId : undefined}>
      {section.title && (
        <h2 id={headingId} className="form-section__title">
          {section.title}
        </h2>
      )}
      {section.description && <p className="form-section__description">{section.description}</p>}
      <div className="form-section__questions">
        <QuestionList questions={section.questions} />
      </div>
    </section>
  );
});
