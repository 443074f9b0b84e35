import { useEffect } from 'react';

// The application's name is the title index.html ships with; pages put their own name in front.
const applicationTitle =
  typeof document === 'undefined'
    ? ''
    : document.title.trim() || 'Undergraduate Application for Admission';

/** Names the page in the browser tab; starts with "Error: " while errors show (GOV.UK). */
export function useDocumentTitle(pageTitle: string, hasErrors = false): void {
  useEffect(() => {
    const title = applicationTitle ? `${pageTitle} - ${applicationTitle}` : pageTitle;
    document.title = hasErrors ? `Error: ${title}` : title;
  }, [pageTitle, hasErrors]);
}
