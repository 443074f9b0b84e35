/**
 * The texts of the question types a first load goes without (questions/question-renderers.ts),
 * loaded with them: catalogueArea in i18n.ts.
 */
import english from './questions.en.json';
import { catalogueArea } from './i18n';

export const questionText = catalogueArea(english);
