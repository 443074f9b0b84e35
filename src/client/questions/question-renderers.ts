/**
 * The question renderers as data (STYLE.md "Renderers as data"): one component per type of the
 * form language, handed to the question lists by the page renderer (question-renderers-context).
 * The mapped type makes a type without a component a compile error, and the form language's type
 * list is the engine's (tests/forms/form-pages.test.ts), so forms:check needs no scan of the
 * client. A new type is one new file and one line here.
 */
import { questionTypes, type QuestionType } from '../../engine/question-types';
import { withQuery } from '../api/with-query';
import { loadNamedLists } from '../form/named-lists';
import { allQuestions } from '../../engine/walk-definition';
import type { PageDefinition } from '../../engine/definitions';
import type { QuestionRenderers } from '../renderer/question-renderers-context';
import { AddressQuestion } from './address-question';
import { CheckboxGroupQuestion } from './checkbox-group-question';
import { CheckboxQuestion } from './checkbox-question';
import { DateQuestion } from './date-question';
import { maskedTextQuestion } from './masked-text-question';
import { lazyQuestion } from './parts/lazy-question';
import { phoneMask, ssnMask } from './parts/text-masks';
import { ParagraphQuestion } from './paragraph-question';
import { PasswordQuestion } from './password-question';
import { RadioQuestion } from './radio-question';
import { SelectQuestion } from './select-question';
import { TextQuestion } from './text-question';
import { YesNoQuestion } from './yes-no-question';

// The types /about does not use load apart, so that its first load carries none of them: Your
// Academics' tabs and add-another questions (with immer), its school search and file upload,
// Final Steps' confirmation, and the long text. After the first load they are fetched ahead
// (preloadQuestionTypes, from the page renderer), so that the next page draws at once. Those
// that read or save the applicant's choices and files load the query client with them.
const TabsQuestion = lazyQuestion<'tabs'>(
  () => withQuery(import('./tabs-question').then((module) => module.TabsQuestion)),
  'tabs',
);
const AddAnotherQuestion = lazyQuestion<'add-another'>(
  () => withQuery(import('./add-another-question').then((module) => module.AddAnotherQuestion)),
  'question--group add-another',
);
// A chosen school's country is named from its list (parts/block-parts.ts).
const SchoolSearchQuestion = lazyQuestion<'school-search'>(() =>
  Promise.all([import('./school-search-question'), loadNamedLists()]).then(
    ([module]) => module.SchoolSearchQuestion,
  ),
);
const FileQuestion = lazyQuestion<'file'>(() =>
  withQuery(import('./file-question').then((module) => module.FileQuestion)),
);
const ConfirmQuestion = lazyQuestion<'confirm'>(() =>
  import('./confirm-question').then((module) => module.ConfirmQuestion),
);
const TextareaQuestion = lazyQuestion<'textarea'>(() =>
  import('./textarea-question').then((module) => module.TextareaQuestion),
);

const loadedApart: Partial<Record<QuestionType, { preload: () => Promise<void> }>> = {
  tabs: TabsQuestion,
  'add-another': AddAnotherQuestion,
  'school-search': SchoolSearchQuestion,
  file: FileQuestion,
  confirm: ConfirmQuestion,
  textarea: TextareaQuestion,
};

export const questionRenderers: QuestionRenderers = {
  text: TextQuestion,
  password: PasswordQuestion,
  ssn: maskedTextQuestion(ssnMask),
  textarea: TextareaQuestion,
  date: DateQuestion,
  phone: maskedTextQuestion(phoneMask),
  select: SelectQuestion,
  radio: RadioQuestion,
  checkbox: CheckboxQuestion,
  'checkbox-group': CheckboxGroupQuestion,
  'yes-no': YesNoQuestion,
  confirm: ConfirmQuestion,
  address: AddressQuestion,
  'school-search': SchoolSearchQuestion,
  file: FileQuestion,
  'add-another': AddAnotherQuestion,
  tabs: TabsQuestion,
  paragraph: ParagraphQuestion,
};

/**
 * Fetches the code of those of `types` that load apart (every type when none are named); resolves
 * once it is there, or failed to come (a render tries again). Awaited before a prerendered page
 * hydrates, its questions render at once instead of keeping the server's markup a while longer.
 */
export function preloadQuestionTypes(types: Iterable<QuestionType> = questionTypes): Promise<void> {
  const preloads = [...new Set(types)].map((type) => loadedApart[type]?.preload());
  return Promise.all(preloads).then(() => undefined);
}

/**
 * The source files of the question modules `page` uses that load apart, as Vite's manifest names
 * them: the server preloads their chunks with the prerendered page (src/server/prerendered-pages.ts)
 * rather than the browser asking for them once the page's definition has arrived.
 */
export function pageQuestionModules(page: PageDefinition): string[] {
  const types = new Set(allQuestions(page).map((question) => question.type));
  return [...types]
    .filter((type) => type in loadedApart)
    .map((type) => `src/client/questions/${type}-question.tsx`);
}

/** preloadQuestionTypes for the types of the questions of `page`, at any depth. */
export function preloadPageQuestionTypes(page: PageDefinition): Promise<void> {
  return preloadQuestionTypes(allQuestions(page).map((question) => question.type));
}
