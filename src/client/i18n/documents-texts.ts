/** The uploads', tabs' and PDF copy's texts, loaded with them: catalogueArea in i18n.ts. */
import english from './documents.en.json';
import { catalogueArea } from './i18n';

export const t = catalogueArea(english);
