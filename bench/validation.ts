/**
 * One full validation of each page (ARCHITECTURE decision 2): the compiled schema over a
 * complete application plus the visibility filter, as the client runs it on every change and the
 * server at submit. The About page should take well under a millisecond.
 */
import complete from '../tests/fixtures/answers/complete.json';
import { formPages } from '../src/forms/form-pages';
import { pageValidator } from '../src/forms/page-validators';
import { validatePage } from '../src/engine/page-validation';
import { medianMs, type BenchRow } from './bench-row';

export async function run(): Promise<BenchRow[]> {
  const now = new Date();
  const state = {
    answers: complete as Record<string, string>,
    addAnother: { activity_interest: 2 },
  };
  const rows: BenchRow[] = [];
  for (const page of formPages) {
    const validator = pageValidator(page.id);
    if (!validator) continue;
    const ms = medianMs(() => validatePage(page, validator, state, { now }));
    rows.push({
      id: `page.${page.id}`,
      name: `validate page ${page.id} (median of one full validation)`,
      value: ms,
      unit: 'ms',
    });
  }
  const empty = { answers: {} };
  const about = formPages[0]!;
  const aboutValidator = pageValidator(about.id)!;
  rows.push({
    name: `validate page ${about.id}, empty application (every rule failing)`,
    value: medianMs(() => validatePage(about, aboutValidator, empty, { now })),
    unit: 'ms',
  });
  return rows;
}
