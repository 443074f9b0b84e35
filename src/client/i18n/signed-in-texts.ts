/**
 * What only a signed-in applicant sees (the error summary, Log Out, a profile that failed to
 * load), loaded with it: catalogueArea in i18n.ts.
 */
import english from './signed-in.en.json';
import { catalogueArea } from './i18n';

export const signedInText = catalogueArea(english);
