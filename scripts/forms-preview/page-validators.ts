/**
 * The page validators of the preview, compiled as scripts/build-validators.ts compiles them (its
 * AJV options, standalone code, runtime imports) but only for the pages shown, and only again
 * when a page schema's text changed: a label edited in forms/ costs no compilation, which keeps
 * the preview's reload short.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createAjv, exportName, hoistRequires, languageSchemas } from '../build-validators';
import { pageSchemaName } from '../forms-check/project';

export interface PageValidatorModules {
  /** Grows whenever the modules change, so that their URLs do too. */
  version: number;
  /** Standalone ES module code by export name (e.g. `finalSteps`). */
  modules: Readonly<Record<string, string>>;
}

/** Compiles the schemas: the pages' alone, or with every schema when one refers to another. */
function compile(schemasDir: string, pages: ReadonlyMap<string, object>): Record<string, string> {
  const build = (extra: readonly object[]) => {
    const ajv = createAjv();
    for (const schema of extra) ajv.addSchema(schema);
    const modules: Record<string, string> = {};
    for (const [file, schema] of pages) {
      const name = exportName(file);
      const id = (schema as { $id?: string }).$id ?? file;
      ajv.addSchema({ ...schema, $id: id });
      modules[name] = hoistRequires(standaloneCode(ajv, { [name]: id }));
    }
    return modules;
  };
  try {
    return build([]);
  } catch {
    const others = readdirSync(schemasDir)
      .filter((f) => f.endsWith('.schema.json') && !languageSchemas.includes(f) && !pages.has(f))
      .map((f) => JSON.parse(readFileSync(path.join(schemasDir, f), 'utf8')) as object);
    return build(others);
  }
}

/** Keeps the compiled page validators of a schemas folder, compiling only what changed. */
export function pageValidatorCompiler(schemasDir: string) {
  let texts = '';
  let current: PageValidatorModules = { version: 0, modules: {} };
  return (pageIds: readonly string[]): PageValidatorModules => {
    const present = new Set(readdirSync(schemasDir));
    const files = pageIds.map(pageSchemaName).filter((file) => present.has(file));
    const sources = files.map((file) => readFileSync(path.join(schemasDir, file), 'utf8'));
    const key = JSON.stringify([files, sources]);
    if (key === texts) return current;
    texts = key;
    const schemas = new Map(files.map((file, i) => [file, JSON.parse(sources[i]!) as object]));
    let modules: Record<string, string> = {};
    try {
      modules = compile(schemasDir, schemas);
    } catch {
      // A schema that does not compile is one of forms:check's findings; the page shows unchecked.
    }
    current = { version: current.version + 1, modules };
    return current;
  };
}
