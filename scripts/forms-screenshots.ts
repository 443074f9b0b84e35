/**
 * `npm run forms:screenshots -- <git-ref>`: a full-page PNG of each form page changed since the
 * ref, as forms:preview shows it, in artifacts/forms-screenshots/ (the forms workflow uploads
 * them). Chromium is the system one, as for the e2e tests (CHROMIUM_PATH to use another).
 * Exit 2 on a bad ref. Options:
 *   --out DIR   another output folder
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DefinitionsError } from './forms-diff/definition-files';
import { takeScreenshots } from './forms-preview/screenshots';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string', default: 'artifacts/forms-screenshots' } },
  });
  const [ref] = positionals;
  if (ref === undefined || positionals.length > 1) {
    console.error('forms:screenshots: give one git ref to compare with, e.g. origin/main');
    return 2;
  }
  try {
    const files = await takeScreenshots({
      repo: process.cwd(),
      ref,
      outDir: path.resolve(values.out),
    });
    if (files.length === 0) console.log(`forms:screenshots: no form page changed since ${ref}`);
    for (const file of files)
      console.log(`forms:screenshots: ${path.relative(process.cwd(), file)}`);
    return 0;
  } catch (error) {
    if (!(error instanceof DefinitionsError)) throw error;
    console.error(`forms:screenshots: ${error.message}`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
