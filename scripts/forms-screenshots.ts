/**
 * `npm run forms:screenshots -- <git-ref>`: for each form page changed since the ref, full-page
 * PNGs of the page before and after the change: first as the applicant sees it (forms:preview's
 * applicant view, its switches set so that the changed questions show: `<page>-before.png`,
 * `<page>-after.png`), then its specification sheet (`<page>-sheet-before.png`, `-sheet-after`),
 * with the changed questions outlined and badged ("added", "changed", "removed"), in
 * artifacts/forms-screenshots/ (the forms workflow uploads them). Chromium is the system one, as
 * for the e2e tests (CHROMIUM_PATH to use another). Exit 2 on a bad ref, 3 when a definition is not valid JSON
 * (as forms:diff). Options:
 *   --out DIR   another output folder
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DefinitionsError, InvalidJsonError } from './forms-diff/definition-files';
import { takeBeforeAfter } from './forms-screenshots/before-after';

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string', default: 'artifacts/forms-screenshots' } },
    });
  } catch (error) {
    console.error(`forms:screenshots: ${(error as Error).message}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [ref] = positionals;
  if (ref === undefined || positionals.length > 1) {
    console.error('forms:screenshots: give one git ref to compare with, e.g. origin/main');
    return 2;
  }
  try {
    const shots = await takeBeforeAfter({
      repo: process.cwd(),
      ref,
      outDir: path.resolve(values.out),
    });
    if (shots.length === 0) console.log(`forms:screenshots: no form page changed since ${ref}`);
    for (const shot of shots) {
      const marked = shot.marked.length ? `, outlined: ${shot.marked.join(', ')}` : '';
      console.log(`forms:screenshots: ${path.relative(process.cwd(), shot.file)}${marked}`);
      if (shot.unmarked.length)
        console.log(`  not found on the page to outline: ${shot.unmarked.join(', ')}`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof DefinitionsError)) throw error;
    console.error(`forms:screenshots: ${error.message}`);
    return error instanceof InvalidJsonError ? 3 : 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
