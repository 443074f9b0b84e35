/**
 * One page as the applicant sees it: the product's store, providers and question components over
 * an in-memory store (no server), validated by the page's compiled validator. "As after Submit"
 * is the status a refused Submit leaves (validating), in which every field shows its messages.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PageDefinition } from '../../engine/definitions';
import { createQueryClient } from '../api/query-client';
import { ToastProvider } from '../components/toast-provider';
import { FormProvider } from '../form/form-context';
import type { FormStore } from '../form/form-store';
import { PageContext } from '../form/page-context';
import { t } from '../i18n/i18n';
import { richText } from '../i18n/rich-text';
import { QuestionRenderersContext } from '../renderer/question-renderers-context';
import { SectionNode } from '../renderer/section-node';
import '../styles/questions.css';
import { PlacedFindingsContext, placeFindings, previewRenderers } from './finding-renderers';
import type { PreviewFinding } from './preview-state';

interface PreviewPageProps {
  page: PageDefinition;
  store: FormStore;
  afterSubmit: boolean;
  findings: readonly PreviewFinding[];
  pageCount: number;
}

export function PreviewPage({ page, store, afterSubmit, findings, pageCount }: PreviewPageProps) {
  const queryClient = useMemo(() => createQueryClient(() => {}), []);
  const placed = useMemo(() => placeFindings(page, findings), [page, findings]);
  const environment = useMemo(
    () => ({
      status: afterSubmit ? ('validating' as const) : ('started' as const),
      loggedIn: false,
    }),
    [afterSubmit],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <FormProvider store={store} environment={environment}>
          <PageContext.Provider value={page}>
            <QuestionRenderersContext.Provider value={previewRenderers}>
              <PlacedFindingsContext.Provider value={placed}>
                <div className="page-content">
                  <p className="form-page__step">
                    {t('page.stepOf', { step: page.step, count: pageCount })}
                  </p>
                  <h1 className="form-page__title">{page.title}</h1>
                  {page.description && <p className="form-page__description">{page.description}</p>}
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
                </div>
              </PlacedFindingsContext.Provider>
            </QuestionRenderersContext.Provider>
          </PageContext.Provider>
        </FormProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
