/**
 * The fixed date bounds of a validation schema (`formatMinimum` / `formatMaximum`), checked before
 * the schema is compiled, so a bad bound is reported at its own line with the key it limits
 * rather than as a compile error somewhere in the file.
 */
import { isIsoDate } from '../../src/engine/iso-date';
import type { Findings } from './findings';
import { toPointer, type SourceFile } from './source-file';

type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const bounds = ['formatMinimum', 'formatMaximum'] as const;

/** Reports every bound that is not a real date, has no `format: "date"` or excludes every date; false if any. */
export function checkDateBounds(file: SourceFile, findings: Findings): boolean {
  let ok = true;
  const report = (at: Array<string | number>, message: string) => {
    findings.error('date-bound', file, toPointer(at), message);
    ok = false;
  };
  visit(file.json, [], (node, at) => {
    const present = bounds.filter((b) => b in node);
    if (present.length === 0) return;
    const subject = subjectOf(at);
    for (const bound of present) {
      const value = node[bound];
      if (node.format !== 'date')
        report([...at, bound], `The ${bound} of ${subject} needs "format": "date" beside it.`);
      else if (typeof value !== 'string' || !isIsoDate(value))
        report(
          [...at, bound],
          `The ${bound} of ${subject} is not a real date written YYYY-MM-DD: ${JSON.stringify(value)}.`,
        );
    }
    const { formatMinimum: min, formatMaximum: max } = node;
    if (typeof min === 'string' && typeof max === 'string' && isIsoDate(min) && isIsoDate(max))
      if (min > max)
        report(
          [...at, 'formatMaximum'],
          `The formatMaximum of ${subject} (${max}) is before its formatMinimum (${min}), so no date passes.`,
        );
  });
  return ok;
}

/** `"birth_date"` for a rule under properties/birth_date, else the rule's pointer. */
function subjectOf(at: Array<string | number>): string {
  const i = at.lastIndexOf('properties');
  const key = i >= 0 ? at[i + 1] : undefined;
  return typeof key === 'string' ? `"${key}"` : `the rule at ${toPointer(at) || '/'}`;
}

function visit(
  node: unknown,
  at: Array<string | number>,
  each: (node: SchemaNode, at: Array<string | number>) => void,
): void {
  if (Array.isArray(node)) node.forEach((child, i) => visit(child, [...at, i], each));
  if (!isNode(node)) return;
  each(node, at);
  // An errorMessage map names the bounds too, but holds their messages.
  for (const [name, child] of Object.entries(node))
    if (name !== 'errorMessage') visit(child, [...at, name], each);
}
