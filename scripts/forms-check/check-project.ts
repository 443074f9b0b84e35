/**
 * forms:check as a library (ARCHITECTURE decision 1): validates forms and schemas against their
 * meta-schemas, then runs the configuration checks of SPEC §5 and ours. Returns findings, each
 * with `file:line:column` and a JSON pointer; the CLI (scripts/check-forms.ts) prints them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageDefinition, SiteConfig } from '../../src/engine/definitions';
import { pageFields } from '../../src/engine/page-fields';
import { checkConditionAgreement } from './condition-agreement';
import { checkConditionTargets, type Controller } from './condition-targets';
import { mentionedValues } from './controller-values';
import { checkAlertDates, checkOptionDates } from './content-date-checks';
import { checkDefinitions } from './definition-checks';
import { Findings, type Finding } from './findings';
import { checkKeys, type PageInput } from './key-checks';
import { checkLengthRules } from './length-rule-checks';
import { checkFormFiles, checkSchemaFiles } from './meta-checks';
import type { SourceFile } from './source-file';
import {
  DATA_MODEL,
  dataModelKeys,
  loadProject,
  pageSchemaName,
  schemaKind,
  type Project,
} from './project';
import { checkMessages, checkRequiredVisibility } from './schema-rule-checks';
import { checkTranslations } from './translation-checks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CheckOptions {
  formsDir?: string;
  schemasDir?: string;
  /** The day stale content is judged by (alert windows, terms); default: now. */
  now?: Date;
}

/** Runs every check over a forms folder and a schemas folder. */
export function checkForms(options: CheckOptions = {}): Finding[] {
  const project = loadProject({
    formsDir: options.formsDir ?? path.join(root, 'forms'),
    schemasDir: options.schemasDir ?? path.join(root, 'schemas'),
  });
  return checkProject(project, options.now);
}

/** Runs every check over loaded files; the findings are sorted by file, line and column. */
function checkProject(project: Project, now: Date = new Date()): Finding[] {
  const findings = new Findings();
  const pages = checkFormFiles(project, findings);
  const schemas = checkSchemaFiles(project, findings);
  checkSite(project, findings, now);
  for (const file of pages) checkOptionDates(file, now, findings);
  checkPageIdentity(pages, findings);
  checkTranslations(project, pages, findings);

  for (const [name, file] of schemas)
    if (schemaKind(name) !== 'language') checkMessages(file, findings);

  const model = dataModelKeys(project);
  const modelFile = project.schemas.get(DATA_MODEL);
  if (!model) {
    const where = modelFile ?? pages[0];
    if (where)
      findings.error(
        'no-data-model',
        where,
        '',
        `The data model ${DATA_MODEL} is missing from ${project.schemasDir}, or has no properties.`,
      );
    return findings.sorted();
  }

  const inputs: PageInput[] = pages.map((file) => {
    const page = file.json as PageDefinition;
    const schema = schemas.get(pageSchemaName(page.id));
    if (!project.schemas.has(pageSchemaName(page.id))) {
      findings.warning(
        'no-page-schema',
        file,
        '/id',
        `Page "${page.id}" has no validation schema ${pageSchemaName(page.id)}; nothing on it is validated.`,
      );
    }
    return schema ? { file, page, schema } : { file, page };
  });
  // With a page that does not follow the language, "no page" warnings would be guesses.
  const quiet = pages.length < project.pages.length;
  checkKeys(inputs, model, findings, quiet);
  checkConditions(inputs, schemas, now, findings);
  for (const input of inputs) {
    checkDefinitions(input.file, model, findings);
    if (input.schema) {
      checkRequiredVisibility(input.file, input.schema, findings);
      checkLengthRules(input.file, input.schema, findings);
    }
  }
  return findings.sorted();
}

/** The condition targets, then the agreement of each page's conditions with its schema's. */
function checkConditions(
  inputs: readonly PageInput[],
  schemas: ReadonlyMap<string, SourceFile>,
  now: Date,
  findings: Findings,
): void {
  const controllers = new Map<string, Controller>();
  for (const { file, page } of inputs)
    for (const field of pageFields(page))
      if (!controllers.has(field.key)) controllers.set(field.key, { field, file });
  checkConditionTargets(inputs, controllers, now, findings);
  const mentioned = mentionedValues(
    inputs.map((i) => i.page),
    [...schemas.values()].map((s) => s.json),
  );
  checkConditionAgreement(inputs, { controllers, mentioned, now }, findings);
}

function checkSite(project: Project, findings: Findings, now: Date): void {
  const site = project.site;
  const config = site?.json as SiteConfig | undefined;
  if (!site || !config || !Array.isArray(config.alerts)) return;
  checkAlertDates(site, now, findings);
  config.alerts.forEach((alert, i) => {
    if (
      typeof alert?.start === 'string' &&
      typeof alert.end === 'string' &&
      alert.end <= alert.start
    ) {
      findings.error(
        'alert-window',
        site,
        `/alerts/${i}/end`,
        `The alert window ends (${alert.end}) before or when it starts (${alert.start}); the end date is exclusive.`,
      );
    }
  });
}

function checkPageIdentity(pages: Project['pages'], findings: Findings): void {
  for (const property of ['id', 'step', 'route'] as const) {
    const seen = new Map<unknown, string>();
    for (const file of pages) {
      const value = (file.json as PageDefinition)[property];
      const other = seen.get(value);
      if (other)
        findings.error(
          'duplicate-page',
          file,
          `/${property}`,
          `Page ${property} ${JSON.stringify(value)} is also used by ${other}.`,
        );
      else seen.set(value, file.path);
    }
  }
}
