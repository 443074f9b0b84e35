import { useEffect } from 'react';
import { t } from '../i18n/i18n';

// The application's name is the title index.html ships with (in the page's language: the server
// serves each language its own index.html); pages put their own name in front.
const applicationTitle = () =>
  typeof document === 'undefined' ? '' : document.title.trim() || t('app.title');
let shippedTitle: string | undefined;

/** Names the page in the browser tab; starts with "Error: " while errors show (GOV.UK). */
export function useDocumentTitle(pageTitle: string, hasErrors = false): void {
  useEffect(() => {
    shippedTitle ??= applicationTitle();
    const title = shippedTitle
      ? t('app.documentTitle', { page: pageTitle, application: shippedTitle })
      : pageTitle;
    document.title = hasErrors ? t('app.errorTitle', { title }) : title;
  }, [pageTitle, hasErrors]);
}
