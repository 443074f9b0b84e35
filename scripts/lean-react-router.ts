/**
 * React Router without the parts the application never renders (issue 43: a visitor's first load
 * carried 14 KB gzipped of it, where the application uses its `<Router>`, route matching and
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

/** The file `react-router`'s production build starts from, as react-router-dom resolves it. */
function productionEntry(root: string): string {
  const fromApp = createRequire(path.join(root, 'package.json'));
  const fromDom = createRequire(fromApp.resolve('react-router-dom'));
  // The development entry, whichever the exports map points at: its production twin sits beside
  // it under dist/production (the package ships both).
  const development = fromDom.resolve('react-router');
  return development.replace(
    `${path.sep}dist${path.sep}development${path.sep}`,
    `${path.sep}dist${path.sep}production${path.sep}`,
  );
}

export function leanReactRouter(): Plugin {
  let root = process.cwd();
  let production = false;
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
        return productionEntry(root).replace(/\.js$/, '.mjs');
      },
    },
    transform(code, id) {
      if (!production || !isReactRouter(id)) return null;
      return { code: leanReactRouterCode(code), map: null };
    },
  };
}
