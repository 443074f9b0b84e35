/**
 * The question renderers as data (STYLE.md "Renderers as data"): one component per type of the
 * form language, handed to the question lists by the page renderer (question-renderers-context).
 * The mapped type makes a type without a component a compile error, and the form language's type
 * list is the engine's (tests/forms/form-pages.test.ts), so forms:check needs no scan of the
 * client. A new type is one new file and one line here.
 */
import type { QuestionRenderers } from '../renderer/question-renderers-context';
import { AddressQuestion } from './address-question';
import { CheckboxGroupQuestion } from './checkbox-group-question';
import { CheckboxQuestion } from './checkbox-question';
import { ConfirmQuestion } from './confirm-question';
import { DateQuestion } from './date-question';
import { FileQuestion } from './file-question';
import { maskedTextQuestion } from './masked-text-question';
import { lazyQuestion } from './parts/lazy-question';
import { phoneMask, ssnMask } from './parts/text-masks';
import { ParagraphQuestion } from './paragraph-question';
import { PasswordQuestion } from './password-question';
import { RadioQuestion } from './radio-question';
import { SchoolSearchQuestion } from './school-search-question';
import { SelectQuestion } from './select-question';
import { TextQuestion } from './text-question';
import { TextareaQuestion } from './textarea-question';
import { YesNoQuestion } from './yes-no-question';

// Only Your Academics has tabs and add-another questions: their code (and immer) loads with it.
const TabsQuestion = lazyQuestion<'tabs'>(
  () => import('./tabs-question').then((module) => module.TabsQuestion),
  'tabs',
);
const AddAnotherQuestion = lazyQuestion<'add-another'>(
  () => import('./add-another-question').then((module) => module.AddAnotherQuestion),
  'question--group add-another',
);

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
