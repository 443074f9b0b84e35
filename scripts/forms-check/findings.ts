/**
 * Findings of forms:check and their two output formats: text for people and GitHub workflow
 * commands (`::error file=…,line=…,col=…::…`) that annotate a pull request's diff.
 */
import { locate, type SourceFile } from './source-file';

export type Severity = 'error' | 'warning';

export interface Finding {
  severity: Severity;
  /** A short name of the check, e.g. `key-not-in-data-model`. */
  check: string;
  file: string;
  line: number;
  column: number;
  /** The JSON pointer of the node the finding is about. */
  pointer: string;
  message: string;
}

/** Collects findings, locating each pointer in its file. */
export class Findings {
  readonly list: Finding[] = [];

  add(
    severity: Severity,
    check: string,
    file: SourceFile,
    pointer: string,
    message: string,
    atKey = false,
  ): void {
    const { line, column } = locate(file, pointer, atKey);
    this.list.push({ severity, check, file: file.path, line, column, pointer, message });
  }

  error(check: string, file: SourceFile, pointer: string, message: string, atKey = false): void {
    this.add('error', check, file, pointer, message, atKey);
  }

  warning(check: string, file: SourceFile, pointer: string, message: string, atKey = false): void {
    this.add('warning', check, file, pointer, message, atKey);
  }

  /** Findings in file, line, column order, without exact duplicates. */
  sorted(): Finding[] {
    const seen = new Set<string>();
    return [...this.list]
      .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
      .filter((f) => {
        const id = `${f.severity}|${f.file}|${f.pointer}|${f.message}`;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
  }
}

/** `forms/about.json:12:7: error: message [pointer] (check)`. */
export function formatText(finding: Finding): string {
  const where = `${finding.file}:${finding.line}:${finding.column}`;
  return `${where}: ${finding.severity}: ${finding.message} [${finding.pointer || '/'}] (${finding.check})`;
}

const escapeData = (s: string) =>
  s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error file=forms/about.json,line=12,col=7::message (pointer)` — a GitHub workflow command. */
export function formatGithub(finding: Finding): string {
  const props = `file=${escapeProperty(finding.file)},line=${finding.line},col=${finding.column}`;
  return `::${finding.severity} ${props}::${escapeData(`${finding.message} [${finding.pointer || '/'}]`)}`;
}

/** The closing line: how many errors and warnings. */
export function formatTotals(findings: readonly Finding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `forms:check: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}
