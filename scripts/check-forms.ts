/**
 * `npm run forms:check`: checks forms/*.json and schemas/*.json (ARCHITECTURE decision 1) and
 * exits 1 on any error. Options:
 *   --forms DIR       check another forms folder (default forms/)
 *   --schemas DIR     check another schemas folder (default schemas/)
 *   --format github   print GitHub workflow annotations instead of text
 *   --today YYYY-MM-DD  judge stale content (alert windows, terms) as of that day
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isIsoDate } from '../src/engine/iso-date';
import { checkForms } from './forms-check/check-project';
import { formatGithub, formatText, formatTotals } from './forms-check/findings';

function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      forms: { type: 'string' },
      schemas: { type: 'string' },
      format: { type: 'string', default: 'text' },
      today: { type: 'string' },
    },
  });
  if (values.today !== undefined && !isIsoDate(values.today)) {
    console.error(`forms:check: --today ${values.today} is not a date YYYY-MM-DD`);
    return 2;
  }
  // Noon, local time: the day is the same wherever the check runs.
  const now = values.today === undefined ? new Date() : new Date(`${values.today}T12:00:00`);
  if (values.format !== 'text' && values.format !== 'github') {
    console.error(`forms:check: unknown --format ${values.format} (text or github)`);
    return 2;
  }
  const resolve = (dir: string | undefined) => (dir === undefined ? undefined : path.resolve(dir));
  const findings = checkForms({
    formsDir: resolve(values.forms),
    schemasDir: resolve(values.schemas),
    now,
  });
  const format = values.format === 'github' ? formatGithub : formatText;
  for (const finding of findings) console.log(format(finding));
  console.log(formatTotals(findings));
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
