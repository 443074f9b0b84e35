/**
 * A page that breaks the form language is repaired, in memory only, so that the checks after the
 * language (keys, conditions, rules) still run on the rest of it in the same pass: an unknown
 * question type becomes its nearest type, an unknown property the one it misspells (or is left
 * out), and a question still broken after that is set aside (a blank paragraph keeps its place,
 * so every pointer stays true).
 * Each round's errors are reported, so fixing one mistake never reveals another the next run.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Findings } from './findings';
import { allowedProperties, reportAjvErrors } from './language-errors';
import { nearest } from './nearest';
import type { SourceFile } from './source-file';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const segments = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The value a path names inside a value, or undefined. */
function at(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const segment of path) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** The path of the innermost question holding a path (`…/questions|then|else/N`), if any. */
function questionPath(path: readonly string[]): string[] | undefined {
  for (let end = path.length; end >= 2; end--) {
    if (/^(questions|then|else)$/.test(path[end - 2]!) && /^\d+$/.test(path[end - 1]!))
      return path.slice(0, end);
  }
  return undefined;
}

/** Fixes what has one likely fix; true if anything changed. */
function fixRound(page: unknown, errors: readonly ErrorObject[]): boolean {
  let changed = false;
  for (const error of errors) {
    const path = segments(error.instancePath);
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') {
      const holder = at(page, path);
      if (isObject(holder)) {
        const name = String(params.additionalProperty);
        const meant = nearest(name, allowedProperties(error.parentSchema));
        // Read as the property it misspells, so the next round does not call that one missing.
        if (meant !== undefined && !(meant in holder)) holder[meant] = holder[name];
        delete holder[name];
        changed = true;
      }
    } else if (error.keyword === 'enum' && path.at(-1) === 'type' && questionPath(path)) {
      const holder = at(page, path.slice(0, -1));
      const guess = nearest(String(error.data), (params.allowedValues as unknown[]).map(String));
      if (isObject(holder) && guess !== undefined) {
        holder.type = guess;
        changed = true;
      }
    }
  }
  return changed;
}

/** Replaces each question that still has errors by a blank paragraph; false if an error is outside one. */
function setAside(page: unknown, errors: readonly ErrorObject[]): boolean {
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    const path = questionPath(segments(error.instancePath));
    const list = path && at(page, path.slice(0, -1));
    if (!path || !Array.isArray(list)) return false;
    list[Number(path.at(-1))] = { type: 'paragraph', text: '' };
  }
  return true;
}

/**
 * Validates a page against the language, reporting every error; returns the page as repaired
 * for the later checks, or undefined when it cannot be (an error outside any question).
 */
export function validatePage(
  file: SourceFile,
  validate: ValidateFunction,
  findings: Findings,
): unknown {
  if (validate(file.json)) return file.json;
  const page = structuredClone(file.json);
  let errors = validate.errors ?? [];
  for (let round = 0; ; round++) {
    reportAjvErrors(errors, file, findings, 'form-language');
    if (round === 3 || !fixRound(page, errors)) break;
    if (validate(page)) return page;
    errors = validate.errors ?? [];
  }
  if (!setAside(page, errors)) return undefined;
  return validate(page) ? page : undefined;
}
