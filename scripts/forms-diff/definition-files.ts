/**
 * The definitions forms:diff compares: forms/*.json (site.json apart), their translations
 * (forms/es/*.json) and schemas/*.schema.json either as committed
 * at a git ref (read with `git show <ref>:<path>`, so no checkout is touched) or as they are in
 * the working tree.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { offsetLocation, parseSource, type SourceFile } from '../forms-check/source-file';

export interface Definitions {
  /** What was read, e.g. `origin/main` or `working tree`. */
  label: string;
  /** forms/*.json except site.json, by file name. */
  pages: Map<string, SourceFile>;
  /** schemas/*.schema.json by file name. */
  schemas: Map<string, SourceFile>;
  /** forms/es/*.json, the Spanish translations, by file name. */
  translations: Map<string, SourceFile>;
  /** forms/site.json, which site.json's translation translates. */
  site?: SourceFile;
}

/** Definitions that cannot be compared: a ref git does not know (exit 2). */
export class DefinitionsError extends Error {}

/** A definition that is not valid JSON (exit 3): forms:check names the mistake in words. */
export class InvalidJsonError extends DefinitionsError {}

const git = (repo: string, args: string[]) =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The commit a ref names, or a DefinitionsError saying what was wrong. */
function resolveRef(repo: string, ref: string): string {
  try {
    return git(repo, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    throw new DefinitionsError(
      `"${ref}" is not a commit in ${repo} (a branch, tag or commit, e.g. origin/main; in CI fetch it first)`,
    );
  }
}

const translationsDir = 'forms/es/';

const wanted = (file: string) =>
  (file.startsWith('forms/') && file.endsWith('.json')) ||
  (file.startsWith('schemas/') && file.endsWith('.schema.json'));

/** Parses the files; one that is not JSON stops the comparison, naming where. */
function definitionsOf(files: Array<[string, string]>, label: string): Definitions {
  const pages = new Map<string, SourceFile>();
  const schemas = new Map<string, SourceFile>();
  const translations = new Map<string, SourceFile>();
  let site: SourceFile | undefined;
  for (const [file, text] of files.sort(([a], [b]) => a.localeCompare(b))) {
    const source = parseSource(text, file);
    const [error] = source.syntaxErrors;
    if (error) {
      const { line, column } = offsetLocation(text, error.offset);
      throw new InvalidJsonError(
        `${file}:${line}:${column} (${label}) is not valid JSON (${error.message}); npm run forms:check says more`,
      );
    }
    const name = path.posix.basename(file);
    if (file === 'forms/site.json') site = source;
    else if (file.startsWith(translationsDir)) {
      if (file.slice(translationsDir.length) === name) translations.set(name, source);
    } else if (file.startsWith('forms/')) {
      if (file === `forms/${name}`) pages.set(name, source);
    } else schemas.set(name, source);
  }
  return { label, pages, schemas, translations, site };
}

/** The definitions committed at `ref` in the repository at `repo` (its top folder). */
export function definitionsAtRef(repo: string, ref: string): Definitions {
  const commit = resolveRef(repo, ref);
  const names = git(repo, ['ls-tree', '-r', '--name-only', commit, '--', 'forms', 'schemas'])
    .split('\n')
    .filter(wanted);
  // One `git cat-file --batch` would be faster; a dozen `git show` calls take well under a second.
  const files = names.map((file): [string, string] => [
    file,
    git(repo, ['show', `${commit}:${file}`]),
  ]);
  return definitionsOf(files, ref);
}

/** The definitions as they are in the working tree at `repo`. */
export function definitionsInWorkingTree(repo: string): Definitions {
  const files: Array<[string, string]> = [];
  for (const dir of ['forms', 'forms/es', 'schemas']) {
    const full = path.join(repo, dir);
    if (!existsSync(full)) continue;
    for (const name of readdirSync(full).filter((f) => f.endsWith('.json'))) {
      const file = `${dir}/${name}`;
      if (wanted(file)) files.push([file, readFileSync(path.join(full, name), 'utf8')]);
    }
  }
  return definitionsOf(files, 'working tree');
}
