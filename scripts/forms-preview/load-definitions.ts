/**
 * forms/ and schemas/ as the preview reads them: every file that is not JSON, or a page that is
 * not a page, is a problem shown instead of the pages (forms:check says the rest).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PageDefinition } from '../../src/engine/definitions';
import type { PreviewTranslations } from '../../src/client/preview/preview-state';
import type { PageTranslation, SiteTranslation } from '../../src/forms/translation-files';
import { TRANSLATIONS } from '../forms-check/translation-checks';
import { loadProject, type ProjectPaths } from '../forms-check/project';
import { offsetLocation, readSourceFile } from '../forms-check/source-file';

export type Loaded =
  | {
      ok: true;
      pages: PageDefinition[];
      /** Each page's file as forms:check names it. */
      files: string[];
      schemas: Map<string, unknown>;
      /** forms/es/: the Spanish the preview's language switch shows. */
      translations: PreviewTranslations;
    }
  | { ok: false; problems: Array<{ where: string; message: string }> };

const isPage = (json: unknown): json is PageDefinition =>
  typeof json === 'object' &&
  json !== null &&
  typeof (json as PageDefinition).id === 'string' &&
  Array.isArray((json as PageDefinition).sections);

/** Reads the folders; any file that is not JSON, or a page that is not a page, is a problem. */
export function load(options: ProjectPaths): Loaded {
  const project = loadProject(options);
  const problems: Array<{ where: string; message: string }> = [];
  for (const file of [...project.pages, ...project.schemas.values()]) {
    for (const error of file.syntaxErrors) {
      const { line, column } = offsetLocation(file.text, error.offset);
      problems.push({
        where: `${file.path}:${line}:${column}`,
        message: `not valid JSON (${error.message})`,
      });
    }
  }
  for (const file of project.pages)
    if (file.syntaxErrors.length === 0 && !isPage(file.json))
      problems.push({
        where: file.path,
        message: 'not a page definition: it needs an "id" and "sections"',
      });
  if (problems.length) return { ok: false, problems };
  const schemas = new Map([...project.schemas].map(([name, file]) => [name, file.json]));
  const pages = project.pages.map((f) => f.json as PageDefinition);
  return {
    ok: true,
    pages,
    files: project.pages.map((f) => f.path),
    schemas,
    translations: readTranslations(options.formsDir, pages),
  };
}

/**
 * The Spanish translations by page id (and the site's): a file that is not JSON is left out,
 * its page shown in English (forms:check names the mistake).
 */
function readTranslations(formsDir: string, pages: readonly PageDefinition[]): PreviewTranslations {
  const dir = path.join(formsDir, TRANSLATIONS);
  const translations: PreviewTranslations = { pages: {} };
  if (!existsSync(dir)) return translations;
  const files = new Set(readdirSync(dir));
  const read = (name: string) =>
    files.has(name) ? readSourceFile(path.join(dir, name)).json : undefined;
  const site = read('site.json');
  if (site !== undefined) translations.site = site as SiteTranslation;
  for (const page of pages) {
    const json = read(`${page.id}.json`);
    if (json !== undefined) translations.pages[page.id] = json as PageTranslation;
  }
  return translations;
}
