/**
 * The files forms:check reads: the page definitions and site.json of a forms folder, and the
 * schemas of a schemas folder, sorted into the language schemas, the data model and the
 * validation schemas.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { languageSchemas } from '../build-validators';
import { readSourceFile, type SourceFile } from './source-file';

export const DATA_MODEL = 'answers.schema.json';
export const FORM_LANGUAGE = 'form-definition.schema.json';
export const SITE_LANGUAGE = 'site.schema.json';

export interface Project {
  formsDir: string;
  schemasDir: string;
  /** forms/*.json except site.json. */
  pages: SourceFile[];
  site?: SourceFile;
  /** Every schemas/*.schema.json by file name. */
  schemas: Map<string, SourceFile>;
}

export interface ProjectPaths {
  formsDir: string;
  schemasDir: string;
}

const shown = (file: string) => {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative.split(path.sep).join('/');
};

const jsonFiles = (dir: string, suffix: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(suffix))
        .sort()
    : [];

/** Reads every form and schema file of the two folders. */
export function loadProject({ formsDir, schemasDir }: ProjectPaths): Project {
  const pages: SourceFile[] = [];
  let site: SourceFile | undefined;
  for (const name of jsonFiles(formsDir, '.json')) {
    const file = readSourceFile(path.join(formsDir, name), shown(path.join(formsDir, name)));
    if (name === 'site.json') site = file;
    else pages.push(file);
  }
  const schemas = new Map<string, SourceFile>();
  for (const name of jsonFiles(schemasDir, '.schema.json')) {
    schemas.set(
      name,
      readSourceFile(path.join(schemasDir, name), shown(path.join(schemasDir, name))),
    );
  }
  return { formsDir, schemasDir, pages, site, schemas };
}

export type SchemaKind = 'language' | 'data-model' | 'validation';

/** What a schema file is for, by its name. */
export function schemaKind(name: string): SchemaKind {
  if (languageSchemas.includes(name)) return 'language';
  return name === DATA_MODEL ? 'data-model' : 'validation';
}

/** The answer keys of the data model (its top-level properties), or undefined without one. */
export function dataModelKeys(project: Project): Set<string> | undefined {
  const model = project.schemas.get(DATA_MODEL)?.json as { properties?: object } | undefined;
  return model?.properties ? new Set(Object.keys(model.properties)) : undefined;
}

/** The validation schema of a page: schemas/{page id}.schema.json. */
export const pageSchemaName = (pageId: string): string => `${pageId}.schema.json`;
