import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildId } from './scripts/build-id';
import { precompress } from './scripts/precompress';

const apiPrefixes = ['/public', '/api', '/service', '/lookup', '/uploads', '/healthz'];
const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [react(), { ...precompress(), applyToEnvironment: (env) => env.name === 'client' }],
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
        rolldownOptions: { input: { 'render-page': 'src/client/prerender/render-page.tsx' } },
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
    // TanStack Query in one chunk of its own. Left to the bundler, its hooks ride along in whichever
    // chunk first shares their users (useQuery sat with the logout notices), and every new lazy
    // screen that uses them, such as the staff console, regroups the chunks an applicant's first
    // load of /about fetches: 2.2 KB gzipped more for /about when the console came.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, `http://127.0.0.1:${apiPort}`])),
  },
});
