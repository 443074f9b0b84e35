/**
 * Compiles every JSON Schema in schemas/ (except the form-language schemas, see
 * `languageSchemas`) into standalone validators, one ES module each in src/generated/validators/,
 * with src/generated/validators.js re-exporting all of them (the server's) and
 * src/generated/page-validators.js the form pages' (the engine's, on the server),
 * src/generated/page-validator-loaders.js the same loaded when needed (the browser's, for a
 * signed-in applicant's form: src/client/form/page-validators.ts), so neither the browser nor the
 * server compiles schemas at run time, the browser needs no eval or new Function, and a page loads
 * only the validators it uses. Run by predev, prebuild and pretest.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import standaloneCode from 'ajv/dist/standalone/index.js';
import * as nextVocabularyModule from 'ajv/dist/vocabularies/next.js';
import type { Vocabulary } from 'ajv';
import { fieldSchema, schemaFields } from '../src/engine/field-schema';
import { writeFormIndex } from './build-form-index';
import { addCustomKeywords } from './validator-keywords';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The AJV options every compiled validator is built with. */
export function createAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    $data: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    passContext: true,
    code: { source: true, esm: true, lines: true },
  });
  ajvErrors(ajv);
  // dependentSchemas and dependentRequired (draft 2019-09) alongside draft-07.
  ajv.addVocabulary(nextVocabulary());
  addCustomKeywords(ajv);
  // Keywords of the form language and of editors that carry no validation.
  ajv.addVocabulary(['x-page', 'x-label']);
  return ajv;
}

/** AJV's `next` vocabulary, whichever way the CommonJS module's default export arrives. */
export function nextVocabulary(): Vocabulary {
  const exported = (nextVocabularyModule as unknown as { default: unknown }).default;
  return (
    Array.isArray(exported) ? exported : (exported as { default: Vocabulary }).default
  ) as Vocabulary;
}

/**
 * The schemas of the form language itself (forms/*.json and forms/site.json): forms:check and
 * editors use them; no page validates answers with them, so they are not compiled.
 */
export const languageSchemas: readonly string[] = [
  'form-definition.schema.json',
  'site.schema.json',
  'translation.schema.json',
];

/** `reset-password.schema.json` → `resetPassword`. */
export function exportName(file: string): string {
  return path
    .basename(file, '.schema.json')
    .replace(/-([a-z0-9])/g, (_m: string, c: string) => c.toUpperCase());
}

/**
 * Compiles every validation schema (and the data model) of a folder: one ES module per schema,
 * so a page's bundle carries only the validators it uses (the data model's, the largest, is the
 * server's alone). `code` is all of them together, for checks that look at the whole output.
 */
export function buildValidators(schemasDir = path.join(root, 'schemas')): {
  modules: Record<string, string>;
  code: string;
  names: string[];
} {
  const ajv = createAjv();
  const files = readdirSync(schemasDir)
    .filter((f) => f.endsWith('.schema.json') && !languageSchemas.includes(f))
    .sort();
  const ids: Record<string, string> = {};
  for (const file of files) {
    const schema = JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as {
      $id?: string;
    };
    const id = schema.$id ?? file;
    ajv.addSchema({ ...schema, $id: id });
    ids[exportName(file)] = id;
  }
  const modules: Record<string, string> = {};
  for (const [name, id] of Object.entries(ids)) {
    modules[name] = hoistRequires(standaloneCode(ajv, { [name]: id }));
  }
  return { modules, code: Object.values(modules).join('\n'), names: Object.keys(ids) };
}

/**
 * Each form page's per-field validators (src/engine/field-schema.ts), one module a page exporting
 * `{name}Fields`: field key → its validator. The store runs a field's on each keystroke and the
 * page's after the frame; a field no rule names has none (it can have no error).
 */
export function buildFieldValidators(
  pageNames: readonly string[],
  schemasDir = path.join(root, 'schemas'),
): Record<string, string> {
  const ajv = createAjv();
  const files = readdirSync(schemasDir)
    .filter((f) => f.endsWith('.schema.json') && !languageSchemas.includes(f))
    .sort();
  const schemas = new Map<string, Record<string, unknown>>();
  for (const file of files) {
    const schema = JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as Record<
      string,
      unknown
    >;
    const id = (schema.$id as string | undefined) ?? file;
    ajv.addSchema({ ...schema, $id: id });
    schemas.set(exportName(file), { ...schema, $id: id });
  }
  const modules: Record<string, string> = {};
  for (const name of pageNames) {
    const schema = schemas.get(name);
    if (!schema) continue;
    const exports: Record<string, string> = {};
    const entries: string[] = [];
    for (const key of schemaFields(schema)) {
      const id = `${String(schema.$id)}--field--${key}`;
      const sliced = fieldSchema(schema, key, id);
      if (!sliced) continue;
      ajv.addSchema(sliced);
      const local = `field${entries.length}`;
      exports[local] = id;
      entries.push(`  ${JSON.stringify(key)}: ${local},`);
    }
    const code = entries.length ? hoistRequires(standaloneCode(ajv, exports)) : '';
    modules[`${name}Fields`] =
      `${code}\nexport const ${name}Fields = {\n${entries.join('\n')}\n};\n`;
  }
  return modules;
}

/** The form pages that have a schema: their ids and their validators' export names. */
export function formPageSchemas(names: readonly string[], formsDir = path.join(root, 'forms')) {
  return readdirSync(formsDir)
    .filter((f) => f.endsWith('.json') && f !== 'site.json')
    .map((f) => (JSON.parse(readFileSync(path.join(formsDir, f), 'utf8')) as { id: string }).id)
    .map((id) => ({ id, name: exportName(`${id}.schema.json`) }))
    .filter(({ name }) => names.includes(name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The export names of the form pages' schemas: forms/*.json ids that have a schema. */
export function pageValidatorNames(names: readonly string[], formsDir = path.join(root, 'forms')) {
  return formPageSchemas(names, formsDir).map(({ name }) => name);
}

/**
 * AJV's standalone output calls `require("ajv/dist/runtime/x").default` for its runtime helpers
 * even in ESM mode; browsers have no require, so each becomes a static import. Node hands a CJS
 * module's exports object as the namespace's default while bundlers may hand `exports.default`
 * itself, so the helper is looked up in both places.
 */
export function hoistRequires(code: string): string {
  const imports: string[] = [];
  const seen = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)\.default/g, (_m, mod: string) => {
    let local = seen.get(mod);
    if (!local) {
      local = `__runtime${seen.size}`;
      seen.set(mod, local);
      const specifier = mod.endsWith('.js') ? mod : `${mod}.js`;
      imports.push(`import * as ${local}Module from ${JSON.stringify(specifier)};`);
      imports.push(
        `const ${local} = typeof ${local}Module.default === 'function' ? ${local}Module.default : ${local}Module.default.default;`,
      );
    }
    return local;
  });
  if (/\brequire\(/.test(body))
    throw new Error('a require() call survived in the generated validators');
  return [...imports, body].join('\n');
}

function main(): void {
  const { modules, names } = buildValidators();
  const outDir = path.join(root, 'src', 'generated');
  const moduleDir = path.join(outDir, 'validators');
  rmSync(moduleDir, { recursive: true, force: true });
  mkdirSync(moduleDir, { recursive: true });
  const banner =
    '// Autogenerated by scripts/build-validators.ts from schemas/*.schema.json. Do not edit.\n/* eslint-disable */\n// @ts-nocheck\n';
  const declared = (name: string, from: string) =>
    `export declare const ${name}: import('${from}').CompiledValidator;\n`;
  for (const [name, code] of Object.entries(modules)) {
    writeFileSync(path.join(moduleDir, `${name}.js`), banner + code);
    writeFileSync(
      path.join(moduleDir, `${name}.d.ts`),
      `// Autogenerated. Do not edit.\n${declared(name, '../../engine/validation')}`,
    );
  }
  const pages = pageValidatorNames(names);
  const fieldModules = buildFieldValidators(pages);
  for (const [name, code] of Object.entries(fieldModules)) {
    writeFileSync(path.join(moduleDir, `${name}.js`), banner + code);
    writeFileSync(
      path.join(moduleDir, `${name}.d.ts`),
      `// Autogenerated. Do not edit.\nexport declare const ${name}: Readonly<Record<string, import('../../engine/validation').CompiledValidator>>;\n`,
    );
  }
  // Every validator, for the server.
  const reexports = names.map((n) => `export { ${n} } from './validators/${n}.js';`).join('\n');
  writeFileSync(path.join(outDir, 'validators.js'), `${banner}${reexports}\n`);
  writeFileSync(
    path.join(outDir, 'validators.d.ts'),
    `// Autogenerated. Do not edit.\n${reexports}\n`,
  );
  // The form pages' validators by export name, all at once: the server's (src/forms/page-validators.ts).
  // Each carries its fields' validators (CompiledValidator.fields), as in the browser.
  writeFileSync(
    path.join(outDir, 'page-validators.js'),
    `${banner}${pages.map((n) => `import { ${n} } from './validators/${n}.js';\nimport { ${n}Fields } from './validators/${n}Fields.js';`).join('\n')}\n` +
      `${pages.map((n) => `${n}.fields = ${n}Fields;`).join('\n')}\n` +
      `export const pageValidators = { ${pages.join(', ')} };\n`,
  );
  writeFileSync(
    path.join(outDir, 'page-validators.d.ts'),
    "// Autogenerated. Do not edit.\nexport declare const pageValidators: Readonly<Record<string, import('../engine/validation').CompiledValidator>>;\n",
  );
  // The same, loaded when needed, by page id: the browser's (src/client/form/page-validators.ts).
  const loaders = formPageSchemas(names).map(
    ({ id, name }) =>
      `  ${JSON.stringify(id)}: () => import('./validators/${name}.js').then((m) => m.${name}),`,
  );
  // Their fields' validators, apart: a keystroke's saving, loaded after the page's errors show.
  const fieldLoaders = formPageSchemas(names).map(
    ({ id, name }) =>
      `  ${JSON.stringify(id)}: () => import('./validators/${name}Fields.js').then((m) => m.${name}Fields),`,
  );
  writeFileSync(
    path.join(outDir, 'page-validator-loaders.js'),
    `${banner}export const pageValidatorLoaders = {\n${loaders.join('\n')}\n};\n` +
      `export const fieldValidatorLoaders = {\n${fieldLoaders.join('\n')}\n};\n`,
  );
  writeFileSync(
    path.join(outDir, 'page-validator-loaders.d.ts'),
    "// Autogenerated. Do not edit.\nexport declare const pageValidatorLoaders: Readonly<Record<string, () => Promise<import('../engine/validation').CompiledValidator>>>;\n" +
      "export declare const fieldValidatorLoaders: Readonly<Record<string, () => Promise<NonNullable<import('../engine/validation').CompiledValidator['fields']>>>>;\n",
  );
  console.log(
    `validators: compiled ${names.length} schemas into src/generated/validators/ (pages: ${pages.join(', ')})`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
  // The pages' index for the browser, from forms/*.json (scripts/build-form-index.ts).
  console.log(`form index: ${writeFormIndex(root).join(', ')} into src/generated/form-index.js`);
}
