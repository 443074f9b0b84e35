/**
 * scripts/lean-react-router.ts: React Router's displayName writes go and its calls of React's
 * createContext, forwardRef and memo are marked pure, so that a bundler may drop the unused ones;
 * nothing else of the code changes, and the production build it resolves to exists.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, type Plugin } from 'vite';
import { leanReactRouter, leanReactRouterCode } from '../../scripts/lean-react-router';

describe('leanReactRouterCode', () => {
  it('drops displayName writes and marks the value-making React calls pure, nothing else', () => {
    const code = [
      'var Link = React10.forwardRef(function LinkWithRef(props, ref) {',
      '  return React10.createElement("a", props);',
      '});',
      'Link.displayName = "Link";',
      'var RouteContext = React.createContext(null);',
      'var Memo = React2.memo(Inner);',
      'const label = "x.displayName = \\"y\\";";',
      'MyReact.createContext(1);',
    ].join('\n');
    const lean = leanReactRouterCode(code).split('\n');
    expect(lean).toHaveLength(8); // lines are kept: the source map stays true
    expect(lean[0]).toBe(
      'var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef(props, ref) {',
    );
    expect(lean[1]).toBe('  return React10.createElement("a", props);');
    expect(lean[3]).toBe('');
    expect(lean[4]).toBe('var RouteContext = /* @__PURE__ */ React.createContext(null);');
    expect(lean[5]).toBe('var Memo = /* @__PURE__ */ React2.memo(Inner);');
    expect(lean[6]).toBe('const label = "x.displayName = \\"y\\";";');
    expect(lean[7]).toBe('MyReact.createContext(1);');
  });
});

describe('leanReactRouter', () => {
  it('resolves react-router to the package production build in a production build', async () => {
    const plugin = leanReactRouter();
    const configResolved = plugin.configResolved as (config: object) => void;
    configResolved({ root: process.cwd(), mode: 'production' });
    const resolveId = plugin.resolveId as { handler: (source: string) => string | null };
    const file = resolveId.handler('react-router');
    expect(file).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    expect(existsSync(file!)).toBe(true);
    expect(resolveId.handler('react-router-dom')).toBeNull();
    configResolved({ root: process.cwd(), mode: 'development' });
    expect(resolveId.handler('react-router')).toBeNull();
  });

  it('fails the build when react-router holds nothing it knows how to leave out', () => {
    const plugin = leanReactRouter();
    (plugin.configResolved as (config: object) => void)({
      root: process.cwd(),
      mode: 'production',
    });
    const transform = plugin.transform as (code: string, id: string) => unknown;
    const buildEnd = plugin.buildEnd as (
      this: { error(message: string): never },
      e?: Error,
    ) => void;
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    transform(
      'export const x = forwardRef(render);\n',
      '/x/node_modules/react-router/dist/production/a.mjs',
    );
    expect(() => buildEnd.call(context)).toThrow(/nothing to leave out in react-router/);
    transform(
      'var C = React.createContext(null);\n',
      '/x/node_modules/react-router/dist/production/b.mjs',
    );
    expect(() => buildEnd.call(context)).not.toThrow();
  });

  it('lets a production bundle of the hooks and <Router> leave out Link, Form and the rest', async () => {
    const dir = mkdtempSync(path.join(process.cwd(), 'node_modules/.lean-react-router-'));
    try {
      const entry = path.join(dir, 'entry.js');
      writeFileSync(
        entry,
        "export { Router, useRoutes, useLocation, useNavigate } from 'react-router-dom';\n",
      );
      const bundle = async (plugins: Plugin[]) => {
        const result = (await build({
          configFile: false,
          logLevel: 'silent',
          mode: 'production',
          root: process.cwd(),
          plugins,
          build: {
            write: false,
            minify: false,
            lib: { entry, formats: ['es'], fileName: 'out' },
            rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
          },
        })) as Array<{ output: Array<{ type: string; code?: string }> }>;
        return result[0]!.output.find((o) => o.type === 'chunk')!.code!;
      };
      const plain = await bundle([]);
      const lean = await bundle([leanReactRouter()]);
      // <Form>'s encoding and <Link>'s prefetching are in the plain bundle, not in the lean one.
      for (const text of ['multipart/form-data', 'PrefetchPageLinks']) {
        expect(plain).toContain(text);
        expect(lean).not.toContain(text);
      }
      expect(lean).toContain('useRoutes');
      expect(lean.length).toBeLessThan(plain.length / 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
