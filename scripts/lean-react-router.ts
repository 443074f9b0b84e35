/**
 * React Router without the parts the staff console never renders (it routes the console only:
 * the applicant's pages use src/client/routing/router-hooks.tsx; before that, a visitor's first
 * load carried 14 KB gzipped of it, where the application used its `<Router>`, route matching and
 * hooks).
 *
 * Two things keep the bundler from dropping what is unused:
 * - the package's `exports` name only its development build (no `production` condition), so a
 *   production bundle gets the development one, with its extra checks;
 * - its modules create every component and context at the top level
 *   (`var Link = React.forwardRef(...)`, then `Link.displayName = "Link"`): a call the bundler
 *   cannot prove pure, and a property write, each keeps the binding (and all it references:
 *   `<Form>`, `<ScrollRestoration>`, prefetching, framework mode…) in the bundle.
 *
 * So a production build resolves `react-router` to the package's own production build, marks
 * its calls of React's createContext, forwardRef and memo as the pure calls they are, and leaves
 * out the `displayName` writes (names React DevTools shows; production builds of React drop them
 * anyway). What the application imports is unchanged; what it does not import goes.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A call of React's createContext, forwardRef or memo (`React2.memo(` …), as the package writes it. */
const valueMakingCall = /(?<![\w$.])(React\d*\.(?:createContext|forwardRef|memo)\()/g;

/** A top-level `Name.displayName = "…";` statement, on its own line as React Router writes it. */
const displayNameWrite = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/**
 * `code` without its displayName writes, and with React's createContext, forwardRef and memo
 * calls marked pure (they only make a value), so that the bundler drops those whose value the
 * application never uses.
 */
export function leanReactRouterCode(code: string): string {
  return code.replace(displayNameWrite, '').replace(valueMakingCall, '/* @__PURE__ */ $1');
}

/**
 * The file `react-router`'s production build starts from, as react-router-dom resolves it. A
 * package laid out otherwise fails the build, rather than quietly bundling its development build.
 */
function productionEntry(root: string): string {
  const fromApp = createRequire(path.join(root, 'package.json'));
  const fromDom = createRequire(fromApp.resolve('react-router-dom'));
  // The development entry, whichever the exports map points at: its production twin sits beside
  // it under dist/production, as an ES module (the package ships both).
  const development = fromDom.resolve('react-router');
  const sep = path.sep;
  const production = development
    .replace(`${sep}dist${sep}development${sep}`, `${sep}dist${sep}production${sep}`)
    .replace(/\.c?js$/, '.mjs');
  if (production === development || !existsSync(production))
    throw new Error(
      `lean-react-router: no production build of react-router beside ${development}; its layout has changed (scripts/lean-react-router.ts).`,
    );
  return production;
}

export function leanReactRouter(): Plugin {
  let root = process.cwd();
  let production = false;
  /** React Router's modules transformed, and whether any of them had something to leave out. */
  let transformed = 0;
  let changed = false;
  const isReactRouter = (id: string) => /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id);
  return {
    name: 'lean-react-router',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      production = config.mode === 'production';
    },
    resolveId: {
      order: 'pre',
      handler(source) {
        if (!production || source !== 'react-router') return null;
        return productionEntry(root);
      },
    },
    transform(code, id) {
      if (!production || !isReactRouter(id)) return null;
      const lean = leanReactRouterCode(code);
      transformed += 1;
      if (lean !== code) changed = true;
      return { code: lean, map: null };
    },
    buildEnd(error) {
      // React Router's output no longer reads as the plugin expects: say so, not a larger bundle.
      if (!error && transformed > 0 && !changed)
        this.error(
          'lean-react-router: nothing to leave out in react-router: its output has changed (scripts/lean-react-router.ts).',
        );
    },
  };
}
