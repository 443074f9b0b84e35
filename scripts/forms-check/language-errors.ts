/**
 * AJV's errors against a language schema (the form language, site.json's, JSON Schema's) in
 * words an editor of the file can act on: an unknown value or property names the nearest valid
 * one ("Did you mean "select"?") instead of AJV's list of every allowed value.
 */
import type { ErrorObject } from 'ajv';
import type { Findings } from './findings';
import { didYouMean, nearest } from './nearest';
import { toPointer, type SourceFile } from './source-file';

type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The property names a schema object allows (`properties`), for "did you mean". */
export function allowedProperties(schema: unknown): string[] {
  return isNode(schema) && isNode(schema.properties) ? Object.keys(schema.properties) : [];
}

const lastSegment = (pointer: string) => pointer.slice(pointer.lastIndexOf('/') + 1);

/** Reports AJV errors at their instance paths; errors must come from a `verbose` AJV. */
export function reportAjvErrors(
  errors: readonly ErrorObject[],
  file: SourceFile,
  findings: Findings,
  check: string,
): void {
  // A property missing where a misspelling of it stands is the misspelling's finding, said once.
  const misspelt = new Set<string>();
  for (const error of errors) {
    if (error.keyword !== 'additionalProperties') continue;
    const name = String((error.params as Record<string, unknown>).additionalProperty);
    const meant = nearest(name, allowedProperties(error.parentSchema));
    if (meant !== undefined) misspelt.add(`${error.instancePath}\n${meant}`);
  }
  for (const error of errors) {
    // `if` only says that a `then` failed; the `then` errors themselves are reported.
    if (error.keyword === 'if') continue;
    const missing = (error.params as Record<string, unknown>).missingProperty;
    if (error.keyword === 'required' && misspelt.has(`${error.instancePath}\n${String(missing)}`))
      continue;
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') {
      const name = String(params.additionalProperty);
      const pointer = `${error.instancePath}${toPointer([name])}`;
      const allowed = allowedProperties(error.parentSchema);
      findings.error(
        check,
        file,
        pointer,
        `Unknown property "${name}".${didYouMean(name, allowed)}`,
        true,
      );
    } else if (error.keyword === 'enum') {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const value = String(error.data);
      const what = /\/(questions|then|else)\/\d+\/type$/.test(error.instancePath)
        ? 'question type'
        : lastSegment(error.instancePath) || 'value';
      const hint =
        didYouMean(value, allowed) ||
        ` Allowed: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
      findings.error(check, file, error.instancePath, `Unknown ${what} "${value}".${hint}`);
    } else if (error.keyword === 'required') {
      findings.error(
        check,
        file,
        error.instancePath,
        `The property "${String(params.missingProperty)}" is missing here.`,
      );
    } else {
      findings.error(check, file, error.instancePath, error.message ?? error.keyword);
    }
  }
}
