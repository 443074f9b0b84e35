import { use, useMemo } from 'react';
import { loadAllPages, loadedPages } from '../../forms/page-definitions';
import { indexById, indexByRoute } from '../../forms/page-index';
import { readOnlyDocument } from '../../engine/read-only-document';
import type { ServiceAnswers } from '../../contract/service';
import { university } from '../layout/site-config';
import { fileKeysOf, ServiceSheet } from './service-sheet';
import '../styles/service-view.css';

interface ServiceSheetsProps {
  /** One applicant's answers, as GET /service/tmp-pdf (and the staff console's read) give them. */
  data: ServiceAnswers;
  /** Where an attached document's PDF is read: a staff link and the console use different paths. */
  documentUrl: (key: string) => string;
}

/** The applicant's name from their answers, empty when they gave none. */
export const applicantName = (answer: ServiceAnswers['answer']) =>
  [answer.first_name, answer.last_name].filter(Boolean).join(' ');

/** A form page's title from the id or route it is named by (an applicant's last page, say). */
export function pageTitleOf(page: string): string {
  const route = page.startsWith('/') ? page : `/${page}`;
  return (indexById(page) ?? indexByRoute(route))?.title ?? page;
}

/**
 * Every form page of one application as read-only sheets (SPEC §6), drawn from the engine's
 * readOnlyDocument (the same structure as the downloadable PDF). The staff link's view and the
 * staff console both show an application through this.
 */
export function ServiceSheets({ data, documentUrl }: ServiceSheetsProps) {
  // Loaded with this module (form-loader.tsx loadServiceView).
  const formPages = loadedPages() ?? use(loadAllPages());
  const pages = useMemo(
    () =>
      readOnlyDocument(
        formPages,
        { answers: data.answer, addAnother: data.add_another, tabs: data.tabs },
        { documents: data.document_answer },
      ),
    [data, formPages],
  );
  const fileKeys = fileKeysOf(formPages);
  const runningHead = [university.name, university.applicationTitle, applicantName(data.answer)]
    .filter(Boolean)
    .join(' · ');
  return pages.map((page) => (
    <ServiceSheet
      key={page.pageId}
      page={page}
      documentUrl={documentUrl}
      fileKeys={fileKeys}
      runningHead={runningHead}
    />
  ));
}
