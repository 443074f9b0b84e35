/**
 * Checks of the validation schemas against what applicants see: every rule has a message
 * (ajv-errors), since validation keeps only author-written messages and a rule without one would
 * block the applicant silently; and no unconditional requirement sits on a question a condition
 * can hide, since the applicant could then never satisfy it.
 */
import Ajv, { type ErrorObject } from 'ajv';
import type { PageDefinition } from '../../src/engine/definitions';
import { pageFields } from '../../src/engine/page-fields';
import { nextVocabulary } from '../build-validators';
import { addCustomKeywords } from '../validator-keywords';
import type { Findings } from './findings';
import { toPointer, type SourceFile } from './source-file';

type SchemaNode = Record<string, unknown>;
const isNode = (v: unknown): v is SchemaNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const annotations = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'definitions',
  '$defs',
  'errorMessage',
]);
/** Keywords whose subschemas report their own errors (and that report none themselves). */
const applicators = new Set([
  'properties',
  'patternProperties',
  'allOf',
  'then',
  'else',
  'dependentSchemas',
  'dependencies',
  'items',
]);

/** Reports every validating keyword that no errorMessage covers. */
export function checkMessages(file: SourceFile, findings: Findings): void {
  visit(file.json, [], false, file, findings, true);
}

function visit(
  node: unknown,
  at: Array<string | number>,
  covered: boolean,
  file: SourceFile,
  findings: Findings,
  root = false,
): void {
  if (!isNode(node)) return;
  const em = node.errorMessage;
  const emMap = isNode(em) ? em : undefined;
  const all = covered || typeof em === 'string' || (emMap !== undefined && '_' in emMap);
  const missing = (keyword: string, detail = '') =>
    findings.error(
      'rule-without-message',
      file,
      toPointer([...at, keyword]),
      `The "${keyword}" rule${detail} has no message: add an errorMessage for it (ajv-errors).`,
      true,
    );
  for (const [keyword, value] of Object.entries(node)) {
    if (annotations.has(keyword) || keyword.startsWith('x-') || keyword === 'if') continue;
    // The root's `type: object` is structural: answers are always an object.
    if (root && keyword === 'type') continue;
    if (keyword === 'required' && Array.isArray(value)) {
      if (all || typeof emMap?.required === 'string') continue;
      const perKey = isNode(emMap?.required) ? emMap.required : {};
      value.forEach((key, i) => {
        if (typeof key === 'string' && !(key in perKey)) {
          findings.error(
            'rule-without-message',
            file,
            toPointer([...at, 'required', i]),
            `The requirement of "${key}" has no message: add it to errorMessage.required (ajv-errors).`,
          );
        }
      });
      continue;
    }
    if (applicators.has(keyword)) {
      visitChildren(keyword, value, at, all, emMap, file, findings);
      continue;
    }
    if (keyword === 'additionalProperties' && isNode(value)) {
      visit(value, [...at, keyword], all, file, findings);
      continue;
    }
    if (!all && !(emMap && keyword in emMap)) missing(keyword);
    // anyOf/oneOf report their branches' errors too.
    if (keyword === 'anyOf' || keyword === 'oneOf')
      visitChildren(keyword, value, at, all, undefined, file, findings);
  }
}

function visitChildren(
  keyword: string,
  value: unknown,
  at: Array<string | number>,
  covered: boolean,
  emMap: SchemaNode | undefined,
  file: SourceFile,
  findings: Findings,
): void {
  if (Array.isArray(value)) {
    value.forEach((sub, i) => visit(sub, [...at, keyword, i], covered, file, findings));
  } else if (
    keyword === 'properties' ||
    keyword === 'patternProperties' ||
    keyword === 'dependentSchemas' ||
    keyword === 'dependencies'
  ) {
    if (!isNode(value)) return;
    const childMessages =
      keyword === 'properties' && isNode(emMap?.properties) ? emMap.properties : {};
    for (const [name, sub] of Object.entries(value)) {
      visit(sub, [...at, keyword, name], covered || name in childMessages, file, findings);
    }
  } else {
    visit(value, [...at, keyword], covered, file, findings);
  }
}

let probe: Ajv | undefined;

/** An AJV that runs our schemas but ignores their messages, to see the raw rule behind each error. */
function probeAjv(): Ajv {
  if (!probe) {
    probe = new Ajv({ allErrors: true, strict: false, $data: true, passContext: true });
    probe.addVocabulary(nextVocabulary());
    addCustomKeywords(probe);
    probe.addVocabulary(['errorMessage', 'x-page', 'x-label']);
  }
  return probe;
}

const conditional = /\/(then|else|dependentSchemas|dependencies|anyOf|oneOf|not)\//;

const probeCache = new Map<string, ReturnType<Ajv['compile']>>();

/** A schema compiled to report its raw rule errors (cached by the schema's text). */
export function probeValidator(schema: unknown): ReturnType<Ajv['compile']> {
  const text = JSON.stringify(schema);
  let validate = probeCache.get(text);
  if (!validate) {
    validate = probeAjv().compile({ ...(schema as object), $id: undefined });
    probeCache.set(text, validate);
  }
  return validate;
}

/**
 * Keys the schema requires whatever the other answers are: missing from `{}`, or rejecting ''
 * through a rule outside every if/then/else and dependentSchemas.
 */
function unconditionallyRequired(schema: unknown): Map<string, string> {
  const validate = probeValidator(schema);
  const properties = isNode((schema as SchemaNode).properties)
    ? Object.keys((schema as SchemaNode).properties as object)
    : [];
  const empty = Object.fromEntries(properties.map((key) => [key, '']));
  const result = new Map<string, string>();
  for (const data of [{}, empty]) {
    validate(data);
    for (const error of (validate.errors ?? []) as ErrorObject[]) {
      if (conditional.test(error.schemaPath + '/')) continue;
      const key =
        error.keyword === 'required'
          ? String(error.params.missingProperty)
          : error.instancePath.split('/')[1];
      if (!key) continue;
      const required = (schema as SchemaNode).required;
      const index = Array.isArray(required) ? required.indexOf(key) : -1;
      const pointer =
        error.keyword === 'required' && index >= 0
          ? toPointer(['required', index])
          : toPointer(['properties', key]);
      if (!result.has(key)) result.set(key, pointer);
    }
  }
  return result;
}

/** Reports unconditional requirements on questions that a condition, tab or block count can hide. */
export function checkRequiredVisibility(
  pageFile: SourceFile,
  schemaFile: SourceFile,
  findings: Findings,
): void {
  const page = pageFile.json as PageDefinition;
  const fields = pageFields(page);
  for (const [key, schemaPointer] of unconditionallyRequired(schemaFile.json)) {
    const field = fields.find((f) => f.key === key);
    if (!field) {
      findings.error(
        'required-not-asked',
        schemaFile,
        schemaPointer,
        `"${key}" is required, but page "${page.id}" does not ask it.`,
      );
      continue;
    }
    const how = field.conditions.length
      ? 'a condition'
      : field.tab
        ? 'a tab'
        : field.instance && field.instance.n > 1
          ? 'the add-another count'
          : undefined;
    if (how) {
      findings.error(
        'required-but-hideable',
        pageFile,
        field.pointer,
        `"${key}" is required by ${schemaFile.path} without a condition, but ${how} can hide its question. Make the rule conditional (if/then) to match, or always show the question.`,
      );
    }
  }
}
