/**
 * The key checks of SPEC §5 "Configuration checks" across all pages: a key in more than one
 * page's error summary, a key absent from the data model, a key with no page; and also a key
 * asked twice, a missing `_desc` companion, and a page schema naming keys no page lists.
 */
import type { PageDefinition } from '../../src/engine/definitions';
import { pageFields, type PageField } from '../../src/engine/page-fields';
import { descTypes } from '../../src/engine/question-types';
import type { Findings } from './findings';
import { didYouMean } from './nearest';
import { schemaKeys } from './schema-keys';
import { locate, type SourceFile } from './source-file';

/** SPEC §5's wording of the error summary's bad-configuration error. */
const MULTIPLE_PAGES_MESSAGE =
  'Your ValidationErrorSummary implementation uses keys that are present in multiple pages';

export interface PageInput {
  file: SourceFile;
  page: PageDefinition;
  /** The page's validation schema (schemas/{id}.schema.json), when it has one. */
  schema?: SourceFile;
}

interface Listing {
  input: PageInput;
  pointer: string;
}

const isBlockPart = (field: PageField) =>
  field.owner.type === 'address' || field.owner.type === 'school-search';

/** The pointer of the property that names a field's key. */
function keyPointer(field: PageField): string {
  if (field.owner.type === 'checkbox-group') {
    return `${field.pointer}/items/${field.owner.items.findIndex((item) => item.key === field.key)}/key`;
  }
  return isBlockPart(field) ? `${field.pointer}/prefix` : `${field.pointer}/key`;
}

/** Runs the key checks over every page that follows the language; `quiet` drops "no page" warnings. */
export function checkKeys(
  inputs: readonly PageInput[],
  model: Set<string>,
  findings: Findings,
  quiet = false,
): void {
  const listed = new Map<string, Listing[]>();
  for (const input of inputs) {
    input.page.errorSummary.forEach((group, g) =>
      group.keys.forEach((key, k) => {
        const list = listed.get(key) ?? [];
        list.push({ input, pointer: `/errorSummary/${g}/keys/${k}` });
        listed.set(key, list);
      }),
    );
  }
  for (const [key, listings] of listed) {
    const pages = [...new Set(listings.map((l) => l.input.page.id))];
    listings.forEach((listing, i) => {
      const { file } = listing.input;
      if (!model.has(key))
        findings.error(
          'key-not-in-data-model',
          file,
          listing.pointer,
          `Key "${key}" is not in the data model (schemas/answers.schema.json).${didYouMean(key, model)}`,
        );
      if (i > 0 && listing.input.page.id === listings[0]!.input.page.id) {
        findings.error(
          'summary-key-twice',
          file,
          listing.pointer,
          `Key "${key}" is listed twice in the error summary of page "${listing.input.page.id}".`,
        );
      } else if (i > 0) {
        findings.error(
          'summary-key-in-several-pages',
          file,
          listing.pointer,
          `${MULTIPLE_PAGES_MESSAGE}: "${key}" is listed by ${pages.join(', ')}.`,
        );
      }
    });
  }

  const asked = new Map<string, { input: PageInput; field: PageField }>();
  for (const input of inputs) {
    const { file, page } = input;
    const pageKeys = new Set<string>();
    for (const field of pageFields(page)) {
      const { key } = field;
      pageKeys.add(key);
      const at = keyPointer(field);
      const first = asked.get(key);
      if (first && (first.input !== input || first.field.pointer !== field.pointer)) {
        const where = locate(first.input.file, keyPointer(first.field));
        findings.error(
          'key-asked-twice',
          file,
          at,
          `Key "${key}" is asked more than once (also at ${first.input.file.path}:${where.line}:${where.column}).`,
        );
      } else {
        asked.set(key, { input, field });
      }
      // A block part missing from the data model is the block check's finding; say it once.
      if (!model.has(key)) {
        if (!isBlockPart(field))
          findings.error(
            'key-not-in-data-model',
            file,
            at,
            `Key "${key}" is not in the data model (schemas/answers.schema.json).${didYouMean(key, model)}`,
          );
        continue;
      }
      if (descTypes.includes(field.question.type) && !model.has(`${key}_desc`)) {
        findings.error(
          'key-not-in-data-model',
          file,
          at,
          `The companion "${key}_desc" of "${key}" is not in the data model (schemas/answers.schema.json).`,
        );
      }
      const listing = listed.get(key);
      if (!listing && !quiet) {
        findings.warning(
          'key-without-page',
          file,
          at,
          `Key "${key}" does not correlate to a page: no page's errorSummary lists it.`,
        );
      } else if (listing && !listing.some((l) => l.input === input)) {
        findings.error(
          'key-on-other-page',
          file,
          at,
          `Key "${key}" is asked on page "${page.id}", but the error summary of page "${listing[0]!.input.page.id}" lists it, so its error would link to the wrong page.`,
        );
      }
    }
    page.errorSummary.forEach((group, g) =>
      group.keys.forEach((key, k) => {
        if (!pageKeys.has(key))
          findings.warning(
            'summary-key-not-asked',
            file,
            `/errorSummary/${g}/keys/${k}`,
            `Key "${key}" is in the error summary of page "${page.id}", but no question on that page asks it.`,
          );
      }),
    );
    if (input.schema) {
      for (const { key, pointer } of schemaKeys(input.schema.json)) {
        if (!model.has(key))
          findings.error(
            'key-not-in-data-model',
            input.schema,
            pointer,
            `Key "${key}" is not in the data model (schemas/answers.schema.json).${didYouMean(key, model)}`,
            true,
          );
        else if (!listed.has(key) && !quiet)
          findings.warning(
            'key-without-page',
            input.schema,
            pointer,
            `Key "${key}" does not correlate to a page: no page's errorSummary lists it.`,
            true,
          );
      }
    }
  }
}
