/**
 * The neutral page's spec (sixty-fields.spec.json): fields of ordinary kinds in no form language,
 * from which the bench generates the product's definition and schemas, the hand-written React page
 * and the static HTML floor. Read and checked here, so that a mistake in the file stops the bench
 * with every problem named, not with a page that measures something else.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const specFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sixty-fields.spec.json');

const fieldKinds = [
  'text',
  'email',
  'phone',
  'date',
  'select',
  'radio',
  'checkbox',
  'textarea',
] as const;
type FieldKind = (typeof fieldKinds)[number];

export interface SpecField {
  key: string;
  kind: FieldKind;
  label: string;
  hint?: string;
  /** The message shown while the field is required and empty; absent: optional. */
  required?: string;
  /** select and radio: [value, label] pairs. */
  options?: Array<[string, string]>;
  /** Shown (and required, if it is) only while another field holds a value. */
  shownWhen?: { key: string; equals: string };
}

export interface PageSpec {
  title: string;
  sections: Array<{ title: string; fields: SpecField[] }>;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Every problem of one field, as sentences naming it. */
function fieldProblems(field: SpecField, earlier: ReadonlyMap<string, SpecField>): string[] {
  const name = `field "${field.key}"`;
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9_]*$/.test(field.key)) problems.push(`${name}: a key is snake_case`);
  if (earlier.has(field.key)) problems.push(`${name}: the key is used twice`);
  if (!fieldKinds.includes(field.kind))
    problems.push(`${name}: kind "${String(field.kind)}" is none of ${fieldKinds.join(', ')}`);
  if (!isText(field.label)) problems.push(`${name}: no label`);
  const choices = field.kind === 'select' || field.kind === 'radio';
  const pairs = Array.isArray(field.options) ? field.options : [];
  if (choices && (pairs.length < 2 || !pairs.every((p) => isText(p[0]) && isText(p[1]))))
    problems.push(`${name}: a ${field.kind} needs two or more [value, label] options`);
  if (!choices && field.options) problems.push(`${name}: only a select or radio has options`);
  // A translation file keys options by value, and takes { en, es } for a translated text.
  if (pairs.some(([value]) => value === 'en' || value === 'es'))
    problems.push(`${name}: an option's value "en" or "es" reads as a translation`);
  if (field.shownWhen && !earlier.has(field.shownWhen.key))
    problems.push(`${name}: shownWhen names "${field.shownWhen.key}", no field above it`);
  return problems;
}

/** The spec, checked: throws with every problem found. */
export function readPageSpec(file = specFile): PageSpec {
  const spec = JSON.parse(readFileSync(file, 'utf8')) as PageSpec;
  const problems: string[] = [];
  if (!isText(spec.title)) problems.push('the page has no title');
  const seen = new Map<string, SpecField>();
  for (const section of spec.sections ?? []) {
    if (!isText(section.title)) problems.push('a section has no title');
    for (const field of section.fields ?? []) {
      problems.push(...fieldProblems(field, seen));
      seen.set(field.key, field);
    }
  }
  if (seen.size === 0) problems.push('the page has no fields');
  if (problems.length) throw new Error(`${file}:\n- ${problems.join('\n- ')}`);
  return spec;
}

/** The spec's fields in page order. */
export const specFields = (spec: PageSpec): SpecField[] => spec.sections.flatMap((s) => s.fields);
