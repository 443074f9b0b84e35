/**
 * The Vite dev server behind forms:preview's applicant view: it serves the preview's small client
 * entry (src/client/preview/main.tsx), which mounts the product's own page renderer and question
 * components, and the page validators compiled from the author's schemas for each reload, as
 * virtual modules whose URL carries the reload's version (a browser never reuses a stale one).
 * Vite's own watcher is off: the preview server watches forms/ and schemas/ itself.
 */
import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { compiledMessages } from '../compiled-messages';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const prefix = 'virtual:forms-preview-validator/';

/** The validator modules of one reload, by export name (scripts/build-validators.ts). */
export interface CompiledSet {
  version: number;
  modules: Readonly<Record<string, string>>;
}

/** The browser URL of a validator module of a reload (Vite's form for a `\0` virtual id). */
export const validatorModuleUrl = (version: number, name: string): string =>
  `/@id/__x00__${prefix}${version}/${name}`;

function validatorModules(current: () => CompiledSet): Plugin {
  return {
    name: 'forms-preview-validators',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [version, name = ''] = id.slice(prefix.length + 1).split('/');
      const set = current();
      const code = set.modules[name];
      // An older page asking for an older reload's module gets today's: it reloads at once anyway.
      if (code === undefined)
        throw new Error(`forms:preview has no validator ${name} (reload ${version})`);
      return code;
    },
  };
}

// AJV's runtime helpers the compiled validators import: bundled up front, so that the first
// validator loaded does not make Vite re-optimise its dependencies and reload the page.
const ajvRuntime = ['equal', 'ucs2length', 'uri', 'validation_error', 'timestamp'].map(
  (helper) => `ajv/dist/runtime/${helper}.js`,
);

/**
 * Starts Vite in middleware mode; the preview server hands it every request it does not serve,
 * and Vite's client (which style sheets import in development) connects on the preview's own
 * port, so that previews and tests side by side need no other port.
 */
export function startVite(current: () => CompiledSet, server: HttpServer): Promise<ViteDevServer> {
  return createServer({
    configFile: false,
    root,
    // React's production build: a reload redraws the whole page, several times faster than
    // with the development build's checks.
    mode: 'production',
    appType: 'custom',
    logLevel: 'warn',
    clearScreen: false,
    cacheDir: path.join(root, 'node_modules/.vite-forms-preview'),
    // The catalogues compiled as the build compiles them (src/client/i18n/format-message.ts reads
    // only compiled messages).
    plugins: [react(), compiledMessages(), validatorModules(current)],
    // Named in the client's error reports; the preview has no build.
    define: { __BUILD_ID__: JSON.stringify('forms-preview') },
    server: { middlewareMode: true, hmr: { server }, watch: null },
    optimizeDeps: { entries: ['src/client/preview/main.tsx'], include: ajvRuntime },
  });
}
