/**
 * The form definitions in the applicant's language (issue 40). STUB: the definitions' helper fills
 * this in; its signatures are what boot and the server call.
 */
import type { Locale } from '../contract/locale';

/**
 * In the browser, before the first render: puts the definitions' texts (pages, site, schema
 * messages) in this language in place of the English. English does nothing and loads nothing.
 */
export async function loadFormLanguage(locale: Locale): Promise<void> {
  if (locale === 'en') return;
  await Promise.resolve();
}
