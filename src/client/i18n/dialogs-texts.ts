/** The Help and Privacy dialogs' texts (SPEC §1), loaded with them: catalogueArea in i18n.ts. */
import english from './dialogs.en.json';
import { catalogueArea } from './i18n';

export const t = catalogueArea(english);
