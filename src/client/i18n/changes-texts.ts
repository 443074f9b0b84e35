/** The notice of a page changed since the last save (issue 18), loaded with it: catalogueArea. */
import english from './changes.en.json';
import { catalogueArea } from './i18n';

const t = catalogueArea(english);

export const definitionChangeTexts = {
  title: () => t('changes.title'),
  added: (count: number) => t('changes.added', { count }),
  options: (count: number) => t('changes.options', { count }),
  /** A link to a question whose chosen option went: its label and the option as chosen. */
  option: (label: string, was: string) => t('changes.option', { label, was }),
  removed: (count: number) => t('changes.removed', { count }),
};
