/**
 * The first pass of forms:check: every file is valid JSON, every page follows the form language
 * (schemas/form-definition.schema.json), site.json follows schemas/site.schema.json, and every
 * schema is a valid JSON Schema, with real dates as its fixed date bounds, that our AJV setup
 * compiles in strict mode.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import { getNodePath, type Node } from 'jsonc-parser';
import { createAjv } from '../build-validators';
import { checkDateBounds } from './date-bound-checks';
import { checkDuplicateProperties } from './duplicate-properties';
import type { Findings } from './findings';
import { recoveredValue, syntaxFindings } from './json-syntax';
import { reportAjvErrors } from './language-errors';
import { checkMessageTexts, ruleKeywords } from './message-checks';
import { didYouMean } from './nearest';
import { validatePage } from './page-repair';
import { FORM_LANGUAGE, SITE_LANGUAGE, schemaKind, type Project } from './project';
import { toPointer, type SourceFile } from './source-file';

const repoSchemas = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas');

/** A file's JSON syntax errors as findings, each at its line and column. */
export function reportSyntax(file: SourceFile, findings: Findings): void {
  for (const { line, column, message } of syntaxFindings(file))
    findings.list.push({
      severity: 'error',
      check: 'json-syntax',
      file: file.path,
      line,
      column,
      pointer: '',
      message,
    });
}

/**
 * Reports the file's JSON syntax errors in words; true when the file can be checked further: it
 * is valid JSON, or its only mistakes are commas, whose meaning is certain (the value is then
 * the one the author meant, so its other mistakes are found in this same run).
 */
function checkSyntax(file: SourceFile, findings: Findings): boolean {
  if (file.syntaxErrors.length === 0) return true;
  reportSyntax(file, findings);
  const value = recoveredValue(file);
  if (value === undefined) return false;
  file.json = value;
  return true;
}

// Compiling is the slow part of a check; the same schema text always compiles the same way.
const languageCache = new Map<string, ValidateFunction>();
const compileCache = new Map<string, string | undefined>();

/** A language schema from the project's schemas folder, else the repository's own. */
function languageValidator(project: Project, name: string): ValidateFunction {
  const text =
    project.schemas.get(name)?.text ?? readFileSync(path.join(repoSchemas, name), 'utf8');
  let validator = languageCache.get(text);
  if (!validator) {
    validator = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(
      JSON.parse(text) as object,
    );
    languageCache.set(text, validator);
  }
  return validator;
}

/** The error message of compiling a schema as the build does, or undefined when it compiles. */
function compileError(kind: string, file: SourceFile): string | undefined {
  const id = `${kind}\n${file.text}`;
  if (compileCache.has(id)) return compileCache.get(id);
  let message: string | undefined;
  try {
    const ajv = kind === 'language' ? new Ajv({ strict: false }) : createAjv();
    ajv.compile(file.json as object);
  } catch (error) {
    message = (error as Error).message;
  }
  compileCache.set(id, message);
  return message;
}

/**
 * Validates pages and site.json against the language; returns the pages to check further, each
 * repaired where it broke the language (page-repair.ts), so one mistake hides no other.
 */
export function checkFormFiles(project: Project, findings: Findings): SourceFile[] {
  const usable: SourceFile[] = [];
  const page = languageValidator(project, FORM_LANGUAGE);
  for (const file of project.pages) {
    checkDuplicateProperties(file, findings);
    if (!checkSyntax(file, findings)) continue;
    const repaired = validatePage(file, page, findings);
    if (repaired !== undefined) usable.push({ ...file, json: repaired });
  }
  if (project.site) checkDuplicateProperties(project.site, findings);
  if (project.site && checkSyntax(project.site, findings)) {
    const site = languageValidator(project, SITE_LANGUAGE);
    if (!site(project.site.json))
      reportAjvErrors(site.errors ?? [], project.site, findings, 'site-language');
  }
  return usable;
}

const metaAjv = new Ajv({ allErrors: true, strict: false, $data: true, verbose: true });

/** Checks every schema against the JSON Schema meta-schema, then compiles it as the build does. */
export function checkSchemaFiles(project: Project, findings: Findings): Map<string, SourceFile> {
  const valid = new Map<string, SourceFile>();
  for (const [name, file] of project.schemas) {
    checkDuplicateProperties(file, findings);
    if (!checkSyntax(file, findings)) continue;
    if (schemaKind(name) !== 'language') checkMessageTexts(file, findings);
    if (!metaAjv.validateSchema(file.json as object)) {
      reportAjvErrors(metaAjv.errors ?? [], file, findings, 'json-schema');
      continue;
    }
    // A bad bound would also fail the compile; its own finding names the key and the line.
    if (!checkDateBounds(file, findings)) continue;
    const message = compileError(schemaKind(name), file);
    if (message === undefined) {
      valid.set(name, file);
      continue;
    }
    const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
    const node = keyword ? findKey(file.tree, keyword) : undefined;
    const pointer = node ? toPointer(getNodePath(node)) : '';
    findings.error(
      'schema-compile',
      file,
      pointer,
      `AJV cannot compile this schema: ${message}.${keyword ? didYouMean(keyword, ruleKeywords) : ''}`,
      true,
    );
  }
  return valid;
}

/** The first property-name node equal to `name`, depth first. */
function findKey(node: Node | undefined, name: string): Node | undefined {
  if (!node?.children) return undefined;
  for (const child of node.children) {
    if (child.type === 'property' && child.children?.[0]?.value === name) return child.children[0];
    const found = findKey(child, name);
    if (found) return found;
  }
  return undefined;
}
