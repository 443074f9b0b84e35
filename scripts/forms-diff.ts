/**
 * `npm run forms:diff -- <git-ref>`: what changed in forms/ and schemas/ since a git ref, page by
 * page, and whether applicants' existing drafts are affected by each change. It reports and
 * exits 0 whatever changed; 2 on a ref git does not know or a bad option; 3 when a definition
 * is not valid JSON, on either side (forms:check says what is wrong with it). Options:
 *   --to REF                  compare with another ref instead of the working tree
 *   --format text|markdown|github   (default text)
 *   --today YYYY-MM-DD        the day named lists such as years are resolved for
 */
import { parseArgs } from 'node:util';
import { isIsoDate } from '../src/engine/iso-date';
import { diffDefinitions } from './forms-diff/compare';
import {
  DefinitionsError,
  InvalidJsonError,
  definitionsAtRef,
  definitionsInWorkingTree,
} from './forms-diff/definition-files';
import { formatGithub, formatMarkdown, formatText } from './forms-diff/report-formats';

const formats = { text: formatText, markdown: formatMarkdown, github: formatGithub };

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        format: { type: 'string', default: 'text' },
        today: { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`forms:diff: ${(error as Error).message}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [ref] = positionals;
  if (ref === undefined || positionals.length > 1) {
    console.error(
      'forms:diff: give one git ref to compare with, e.g. npm run forms:diff -- origin/main',
    );
    return 2;
  }
  const format = formats[values.format as keyof typeof formats] as
    (typeof formats)['text'] | undefined;
  if (!Object.hasOwn(formats, values.format) || !format) {
    console.error(`forms:diff: unknown --format ${values.format} (text, markdown or github)`);
    return 2;
  }
  if (values.today !== undefined && !isIsoDate(values.today)) {
    console.error(`forms:diff: --today ${values.today} is not a date YYYY-MM-DD`);
    return 2;
  }
  const now = values.today === undefined ? new Date() : new Date(`${values.today}T12:00:00`);
  const repo = process.cwd();
  try {
    const before = definitionsAtRef(repo, ref);
    const after =
      values.to === undefined ? definitionsInWorkingTree(repo) : definitionsAtRef(repo, values.to);
    console.log(format(diffDefinitions(before, after, now)));
    return 0;
  } catch (error) {
    if (!(error instanceof DefinitionsError)) throw error;
    console.error(`forms:diff: ${error.message}`);
    return error instanceof InvalidJsonError ? 3 : 2;
  }
}

process.exitCode = main(process.argv.slice(2));
