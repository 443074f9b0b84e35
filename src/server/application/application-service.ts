import type { Db } from '../db/database';
import type { Clock } from '../clock';
import type { SecretHasher } from '../identity/secrets';
import { AddAnotherCounts } from './add-another-counts';
import { AnswerStore } from './answer-store';
import { ChosenTabs } from './chosen-tabs';
import { Progress } from './progress';
import { Submissions } from './submissions';
import { VisitorAnswers } from './visitor-answers';

// Where document-service.ts (uploads) and tests import it from; it lives with the other writes of
// answers in answer-store.ts.
export { setAnswer } from './answer-store';

/**
 * An applicant's application (SPEC §4, §7), one part per thing it serves, built once per app:
 * the answers (saving, reading), progress (last page, web statuses, validation reports), the
 * submission and its frozen copy, add-another counts, chosen tabs, and a visitor's answers kept
 * until they sign up. A route or reader takes the parts it needs.
 */
export class ApplicationService {
  readonly answers: AnswerStore;
  readonly progress: Progress;
  readonly submissions: Submissions;
  readonly addAnother: AddAnotherCounts;
  readonly tabs: ChosenTabs;
  readonly visitors: VisitorAnswers;

  constructor(db: Db, hasher: SecretHasher, clock: Clock) {
    this.answers = new AnswerStore(db, clock);
    this.progress = new Progress(db, clock);
    this.submissions = new Submissions(db, clock);
    this.addAnother = new AddAnotherCounts(db);
    this.tabs = new ChosenTabs(db, clock);
    this.visitors = new VisitorAnswers(db, hasher, clock, this.answers);
  }
}
