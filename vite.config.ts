import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { buildId } from './scripts/build-id.ts';
import { compiledMessages, localizedIndexPages } from './scripts/compiled-messages.ts';
import { firstLoadChunks } from './scripts/first-load-chunks.ts';
import { leanReactRouter } from './scripts/lean-react-router.ts';
import { holdSubmitScript } from './src/contract/hold-submit.ts';

/**
 * index.html's entry (src/client/boot.ts) imports the application (main.tsx) only once the page
 * has been painted; this links the application's chunks and style sheets into index.html all the
 * same, so that they are fetched with the page, not after its first paint.
 */
function preloadApplication(): Plugin {
  return {
    name: 'preload-application',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const main = chunks.find((c) =>
          c.moduleIds.some((id) => id.endsWith('/src/client/main.tsx')),
        );
        if (!main) throw new Error('The build has no chunk for src/client/main.tsx.');
        // What Vite links already: the entry and every chunk it imports, directly or not (the
        // bundler's runtime comes in through boot's chunk).
        const linked = new Set<string>();
        const link = (fileName: string) => {
          if (linked.has(fileName)) return;
          linked.add(fileName);
          chunks.find((c) => c.fileName === fileName)?.imports.forEach(link);
        };
        link(entry.fileName);
        const files: string[] = [];
        const styles = new Set<string>();
        const collect = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk || files.includes(fileName)) return;
          files.push(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(collect);
        };
        collect(main.fileName);
        for (const css of entry.viteMetadata?.importedCss ?? []) styles.delete(css);
        return [
          ...[...styles].map((href) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${href}` },
            injectTo: 'head' as const,
          })),
          ...files
            .filter((file) => !linked.has(file))
            .map((href) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${href}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

/**
 * The script that holds a form submitted before boot.ts runs (src/contract/hold-submit.ts), first
 * in the head, so that it runs before any form is on the page.
 */
function holdEarlySubmit(): Plugin {
  return {
    name: 'hold-early-submit',
    transformIndexHtml: () => [
      { tag: 'script', children: holdSubmitScript, injectTo: 'head-prepend' as const },
    ],
  };
}

const firstLoad = firstLoadChunks();

const apiPrefixes = ['/public', '/api', '/service', '/lookup', '/uploads', '/healthz'];
const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [
    react(),
    leanReactRouter(),
    compiledMessages(),
    { ...holdEarlySubmit(), applyToEnvironment: (env) => env.name === 'client' },
    { ...preloadApplication(), applyToEnvironment: (env) => env.name === 'client' },
    { ...firstLoad.plugin, applyToEnvironment: (env) => env.name === 'client' },
    { ...localizedIndexPages(), applyToEnvironment: (env) => env.name === 'client' },
  ],
  // Named in the client's error reports (src/client/api/report-client-error.ts).
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  // `vite build` builds both environments: the browser's bundle (client), then the server-side
  // entry that renders the form pages a visitor's first load is served prerendered
  // (src/client/prerender/render-page.tsx into dist/prerender; src/server/prerendered-pages.ts).
  builder: {},
  environments: {
    ssr: {
      build: {
        outDir: 'dist/prerender',
        emptyOutDir: true,
        rolldownOptions: {
          input: { 'render-page': 'src/client/prerender/render-page.tsx' },
          // One file, so that the server loads one instance of it per language, each with its
          // texts and definitions in that language for good (src/server/prerendered-pages.ts).
          output: { codeSplitting: false },
        },
      },
      // Bundled whole, so that the server runs it without the client's dependencies resolved by
      // its own build (esbuild's `packages: 'external'`).
      resolve: { noExternal: true },
    },
  },
  build: {
    // The server reads the browser's chunk names to preload a prerendered page's modules.
    manifest: true,
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Vite's build targets (Chrome 111, Firefox 114, Safari 16.4) nearly all follow
    // `<link rel="modulepreload">` themselves; where one does not, its modules load as they are
    // imported. The polyfill was 0.3 KB gzip of every first load (issue 43).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, react-dom and their scheduler, which boot.ts evaluates in a task of its own
            // ahead of the application (src/client/early-react.ts).
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]client[\\/]early-react\.ts$/,
              priority: 1,
            },
            // A visitor's first load in few files (scripts/first-load-chunks.ts).
            ...firstLoad.groups,
            // What boot.ts itself runs (noting early edits, reporting a failed load, the page's
            // language and the English texts, the loader of the definitions' language, which a
            // Spanish sign-in screen needs without the form's chunk) and Vite's helper for
            // dynamic imports: in boot's chunk, which index.html's entry imports, else boot.ts
            // would import them from the application's chunk, evaluating it at once.
            {
              name: 'boot',
              test: /[\\/]src[\\/](client[\\/](api[\\/]report-client-error|messages|prerender[\\/]early-edits|i18n[\\/](i18n\.ts|messages\.en\.json))|contract[\\/]locale\.ts|forms[\\/]form-language\.ts)|preload-helper/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, `http://127.0.0.1:${apiPort}`])),
  },
});
