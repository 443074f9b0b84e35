/**
 * How the browser's code is cut into chunks for a visitor's first load (issue 19).
 *
 * Left to the bundler, the modules the form pages share with the sign-in screens (the header and
 * footer, the fetch helper, the auth API…) came apart into a dozen small chunks: a first load of
 * /about fetched 21 files, and as each file compresses on its own, the same code weighed 6 KB
 * more gzipped than in one file, and Lighthouse's simulated slow 4G counts every request on the
 * way to the first paint. Here a first load is the entry (boot.ts), React's chunk (vite.config.ts:
 * evaluated in a task of its own, src/client/early-react.ts) and two of these chunks:
 *
 * - `main`: the application (src/client/main.tsx, imported by boot.ts after the first paint) with
 *   all it imports, and every module that both the form pages and the sign-in screens import;
 * - `form`: the form's route modules (the form loader, the step layout, the form page) and all
 *   they import besides, with what the pages' validators import (each page's validator is a
 *   chunk of its own, loaded for a signed-in applicant: src/client/form/page-validators.ts) and
 *   the pages' index; each page's definition is a chunk of its own too, the page on screen's
 *   loaded beside this one (src/forms/page-definitions.ts, preloaded with a prerendered page);
 * - `account`: the account screens' route modules (Sign Up, Confirm, Log In, Forgot and Reset
 *   Password, their layout) and all they import besides: a first load of /login was ten scripts
 *   and four style sheets, and is five and three (2 KB more: the other cards);
 * - `query`: TanStack Query with the boundary that gives the application's client
 *   (src/client/api/query-boundary.tsx). The account screens, a signed-in applicant's form and
 *   the question types that read saved choices load it; a visitor's form page does not (issue
 *   43), and left to the bundler it would land in `account`, which the signed-in form would then
 *   fetch whole.
 *
 * A first load of /about fetches no account code, and /login none of the form's. The staff
 * console is left to the bundler: it imports what it needs from these chunks and adds nothing
 * to them. Which module goes where is read from the module graph once the build has loaded every
 * module (`buildEnd`), before the chunks are made, so a module the form pages and the sign-in
 * screens come to share lands in `main` by itself; a route module renamed without this list
 * fails the build rather than quietly bringing the dozen chunks back.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest, Plugin } from 'vite';

interface Group {
  name: string;
  test: (id: string) => boolean;
}

const client = (file: string) => new RegExp(`[\\\\/]src[\\\\/]client[\\\\/]${file}\\.tsx?$`);

const application = client('main');
const formRoutes = ['session/form-loader', 'layout/form-layout', 'pages/form-page'].map(client);
const authRoutes = [
  'auth/auth-layout',
  'auth/sign-up-page',
  'auth/confirm-page',
  'auth/login-page',
  'auth/forgot-password-page',
  'auth/reset-password-page',
].map(client);
const pageValidatorLoaders = /[\\/]src[\\/]generated[\\/]page-validator-loaders\.js$/;
const queryBoundary = client('api/query-boundary');
const tanstackQuery = /[\\/]node_modules[\\/]@tanstack[\\/]/;

export function firstLoadChunks(): { plugin: Plugin; groups: Group[] } {
  const main = new Set<string>();
  const form = new Set<string>();
  const account = new Set<string>();
  const query = new Set<string>();
  let root = process.cwd();
  const plugin: Plugin = {
    name: 'first-load-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd(error) {
      // A failed build has no whole module graph to read; its own error says what went wrong.
      if (error) return;
      const ids = [...this.getModuleIds()];
      const missing = [
        application,
        ...formRoutes,
        ...authRoutes,
        pageValidatorLoaders,
        queryBoundary,
      ].filter((pattern) => !ids.some((id) => pattern.test(id)));
      if (missing.length > 0)
        throw new Error(`first-load-chunks: no module matches ${missing.join(', ')}.`);
      const matching = (patterns: RegExp[]) => (id: string) => patterns.some((p) => p.test(id));
      /** The modules the roots import statically, themselves included. */
      const reached = (isRoot: (id: string) => boolean) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        ids.filter(isRoot).forEach(visit);
        return seen;
      };
      const auth = reached(matching(authRoutes));
      // The pages' validators load with a signed-in applicant's form, each a chunk of its own;
      // what they import (AJV's runtime helpers) goes with the form's code, or to main when the
      // account cards' validators import it too.
      const validators = ids.flatMap((id) =>
        pageValidatorLoaders.test(id) ? (this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) : [],
      );
      const validatorDeps = reached((id) => validators.includes(id));
      for (const id of validators) validatorDeps.delete(id);
      for (const set of [main, form, account, query]) set.clear();
      for (const id of reached(matching([application]))) main.add(id);
      for (const id of reached((id) => queryBoundary.test(id) || tanstackQuery.test(id)))
        if (!main.has(id)) query.add(id);
      for (const id of [...reached(matching(formRoutes)), ...validatorDeps])
        if (!main.has(id) && !query.has(id)) (auth.has(id) ? main : form).add(id);
      for (const id of auth) if (!main.has(id) && !form.has(id) && !query.has(id)) account.add(id);
    },
    writeBundle(options, bundle) {
      // Vite's manifest names a chunk by the module it was made for. The route modules are
      // inside the `form` and `account` chunks, so each gets a key of its own naming its chunk:
      // the server looks a prerendered page's route modules up by their source files
      // (src/server/prerendered-pages.ts).
      const file = path.join(options.dir ?? path.join(root, 'dist/client'), '.vite/manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const chunk = Object.values(manifest).find((c) => c.file === output.fileName);
        for (const id of output.moduleIds) {
          const source = path.relative(root, id).split(path.sep).join('/');
          const route = [...formRoutes, ...authRoutes].some((r) => r.test(id));
          if (!chunk || manifest[source] || !route) continue;
          manifest[source] = { ...chunk, src: source, isDynamicEntry: true };
        }
      }
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
  // Declared before the bundler's own splitting: `main` first, so it keeps what both reach.
  const groups: Group[] = [
    { name: 'main', test: (id) => main.has(id) },
    // Before the groups whose modules import it: a group takes what its modules import along.
    { name: 'query', test: (id) => query.has(id) },
    { name: 'form', test: (id) => form.has(id) },
    { name: 'account', test: (id) => account.has(id) },
  ];
  return { plugin, groups };
}
