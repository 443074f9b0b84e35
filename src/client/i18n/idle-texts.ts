/** The idle logout's texts (SPEC §2, §4), loaded with it: catalogueArea in i18n.ts. */
import english from './idle.en.json';
import { catalogueArea } from './i18n';

export const t = catalogueArea(english);

/** SPEC §2: the notice after an idle logout. */
export const inactivityMessage = (): string => t('idle.loggedOut');
