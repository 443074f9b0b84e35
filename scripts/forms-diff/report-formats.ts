/**
 * The three outputs of forms:diff: text for a terminal, Markdown for a pull request's job
 * summary, and GitHub workflow commands (`::warning file=…,line=…::…`) that annotate the diff:
 * a warning when drafts are affected, a notice otherwise.
 */
import type { Change, DiffReport } from './compare';

const subject = (c: Change) =>
  c.key === undefined ? '' : `${c.key}${c.label ? ` "${c.label}"` : ''}: `;

const draftsWord = (c: Change) =>
  c.affected === 'no' ? 'drafts: not affected' : `drafts affected: ${c.drafts}`;

function heading(report: DiffReport): string {
  const n = report.pages.length;
  return n === 0
    ? `No changes to forms/ or schemas/ between ${report.before} and ${report.after}.`
    : `Changes between ${report.before} and ${report.after}: ${n} page${n === 1 ? '' : 's'} or schema${n === 1 ? '' : 's'}.`;
}

export function formatText(report: DiffReport): string {
  const lines = [heading(report)];
  for (const page of report.pages) {
    lines.push('', `${page.title} (${page.id})`);
    for (const c of page.changes)
      lines.push(`  ${c.file}:${c.line}: ${subject(c)}${c.text}`, `      ${draftsWord(c)}`);
  }
  return lines.join('\n');
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function formatMarkdown(report: DiffReport): string {
  const lines = ['## Form changes', '', heading(report)];
  for (const page of report.pages) {
    const affected = page.changes.filter((c) => c.affected !== 'no').length;
    lines.push('', `### ${page.title} (\`${page.id}\`)`, '');
    if (affected)
      lines.push(
        `**${affected} change${affected === 1 ? ' affects' : 's affect'} existing drafts.**`,
        '',
      );
    lines.push('| Question | Change | Existing drafts |', '| --- | --- | --- |');
    for (const c of page.changes) {
      const question = c.key === undefined ? '' : `\`${c.key}\`${c.label ? ` ${c.label}` : ''}`;
      const drafts =
        c.affected === 'no'
          ? 'not affected'
          : `**${c.affected === 'yes' ? 'all' : 'some'}**: ${c.drafts}`;
      lines.push(`| ${cell(question)} | ${cell(c.text)} | ${cell(drafts)} |`);
    }
  }
  return lines.join('\n');
}

const escapeData = (s: string) =>
  s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithub(report: DiffReport): string {
  const lines: string[] = [];
  for (const page of report.pages)
    for (const c of page.changes) {
      const level = c.affected === 'no' ? 'notice' : 'warning';
      const props = `file=${escapeProperty(c.file)},line=${c.line},col=${c.column},title=${escapeProperty(`forms:diff ${page.id}`)}`;
      lines.push(`::${level} ${props}::${escapeData(`${subject(c)}${c.text} — ${draftsWord(c)}`)}`);
    }
  lines.push(heading(report));
  return lines.join('\n');
}
