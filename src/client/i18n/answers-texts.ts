/** The sign-in answers choice's texts, loaded with it: catalogueArea in i18n.ts. */
import english from './answers.en.json';
import { catalogueArea } from './i18n';

export const t = catalogueArea(english);
