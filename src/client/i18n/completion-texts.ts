/** The completion page's texts (SPEC §2), loaded with it: catalogueArea in i18n.ts. */
import english from './completion.en.json';
import { catalogueArea } from './i18n';

export const t = catalogueArea(english);
