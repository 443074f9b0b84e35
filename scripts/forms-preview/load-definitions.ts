/**
 * forms/ and schemas/ as the preview reads them: every file that is not JSON, or a page that is
 * not a page, is a problem shown instead of the pages (forms:check says the rest).
 */
import type { PageDefinition } from '../../src/engine/definitions';
import { loadProject, type ProjectPaths } from '../forms-check/project';
import { offsetLocation } from '../forms-check/source-file';

export type Loaded =
  | {
      ok: true;
      pages: PageDefinition[];
      /** Each page's file as forms:check names it. */
      files: string[];
      schemas: Map<string, unknown>;
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
  return {
    ok: true,
    pages: project.pages.map((f) => f.json as PageDefinition),
    files: project.pages.map((f) => f.path),
    schemas,
  };
}
