import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { localIsoDate } from '../../src/engine/alerts';
import { pageHtml, servesPrerendered } from '../../src/server/prerendered-pages';
import { scratchDir } from '../helpers/scratch-dir';

/** Polls `check` (bounded) until it holds. */
async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} never came`);
}

const routes = ['/about', '/education', '/final-steps'];
const visitor = (url: string, method = 'GET') => ({ method, url, cookieNames: [] });

describe('which requests get a prerendered form page', () => {
  it('serves it to a visitor loading a form page, with or without other query parameters', () => {
    expect(servesPrerendered(visitor('/about'), routes, 'uni_id')).toBe(true);
    expect(servesPrerendered(visitor('/final-steps?utm_source=mail'), routes, 'uni_id')).toBe(true);
    expect(servesPrerendered(visitor('/education', 'HEAD'), routes, 'uni_id')).toBe(true);
    expect(
      servesPrerendered({ ...visitor('/about'), cookieNames: ['theme'] }, routes, 'uni_id'),
    ).toBe(true);
  });

  it('serves the plain index.html to a signed-in applicant (any cookie named with the prefix)', () => {
    for (const cookieNames of [['uni_id'], ['theme', 'uni_id_session']])
      expect(servesPrerendered({ ...visitor('/about'), cookieNames }, routes, 'uni_id')).toBe(
        false,
      );
  });

  it('serves the plain index.html when the page loads something first, and on other paths', () => {
    for (const url of [
      '/about?token=abc',
      '/about?service_token=xyz',
      '/',
      '/login',
      '/signup',
      '/completion',
      '/staff',
      '/staff/applications',
      '/about/',
      '/no/such/page',
    ])
      expect(servesPrerendered(visitor(url), routes, 'uni_id'), url).toBe(false);
    expect(servesPrerendered(visitor('/about', 'POST'), routes, 'uni_id')).toBe(false);
  });

  it('puts the markup into #root, and the day and the route modules into the head', () => {
    const index =
      '<html><head><title>T</title></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';
    const files = { scripts: ['/assets/page.js'], styles: ['/assets/shell.css'] };
    expect(pageHtml(index, '<p>$& $1</p>', '2026-11-26', files)).toBe(
      '<html><head><title>T</title>  <meta name="served-on" content="2026-11-26" />\n    ' +
        '<link rel="stylesheet" crossorigin href="/assets/shell.css">\n    ' +
        '<link rel="modulepreload" crossorigin href="/assets/page.js">\n  </head>' +
        '<body><div id="root"><p>$& $1</p></div><script type="module" src="/assets/main.js"></script></body></html>',
    );
  });

  it("puts the page's style sheets after index.html's, before any script it preloads", () => {
    const index =
      '<html><head><script type="module" src="/assets/entry.js"></script>\n    ' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">\n    ' +
      '<link rel="modulepreload" crossorigin href="/assets/app.js">\n  </head>' +
      '<body><div id="root"></div></body></html>';
    const files = { scripts: ['/assets/page.js'], styles: ['/assets/a.css', '/assets/b.css'] };
    const head = pageHtml(index, '<p>x</p>', '2026-11-26', files).split('<body>')[0]!;
    const links = [...head.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual([
      '/assets/index.css',
      '/assets/a.css',
      '/assets/b.css',
      '/assets/app.js',
      '/assets/page.js',
    ]);
    expect(head).toContain('<meta name="served-on" content="2026-11-26" />');
  });
});

describe('the server answering form pages', () => {
  let app: FastifyInstance;
  let db: Db;
  const index =
    '<html><head><meta name="identity-cookie-prefix" content="admissions_identity" /></head><body><div id="root"></div></body></html>';
  beforeAll(async () => {
    const dataDir = scratchDir('admissions-prerender');
    const clientDir = path.join(dataDir, 'client');
    mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
    mkdirSync(path.join(dataDir, 'prerender'));
    writeFileSync(path.join(clientDir, 'index.html'), index);
    writeFileSync(
      path.join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/main.js',
          isEntry: true,
          imports: ['_shared.js'],
          // The application, imported after the first paint and linked by index.html too.
          dynamicImports: ['src/client/main.tsx'],
        },
        'src/client/main.tsx': {
          file: 'assets/app.js',
          imports: ['_react.js'],
          css: ['assets/app.css'],
        },
        '_react.js': { file: 'assets/react.js' },
        '_shared.js': { file: 'assets/shared.js' },
        // Two route modules in one chunk, each with a key naming it (scripts/first-load-chunks.ts).
        'src/client/session/form-loader.tsx': {
          file: 'assets/form.js',
          imports: ['_shared.js'],
          css: ['assets/shell.css'],
        },
        'src/client/layout/form-layout.tsx': {
          file: 'assets/form.js',
          imports: ['_shared.js'],
          css: ['assets/shell.css'],
        },
        'src/client/pages/form-page.tsx': { file: 'assets/page.js' },
        // A question type a page uses that loads apart (src/client/questions/question-renderers.ts).
        'src/client/questions/confirm-question.tsx': { file: 'assets/confirm.js' },
        'src/client/auth/auth-layout.tsx': { file: 'assets/auth.js', imports: ['_shared.js'] },
        'src/client/auth/login-page.tsx': {
          file: 'assets/login.js',
          imports: ['_react.js'],
          css: ['assets/card.css'],
        },
      }),
    );
    // The built server-side entry's interface (src/client/prerender/render-page.tsx).
    writeFileSync(
      path.join(dataDir, 'prerender', 'render-page.js'),
      `// Counted across the entry's instances (one per language, src/server/prerendered-pages.ts):
       // set only by the first, whichever order they load and render in.
       globalThis.__renders ??= 0;
       export const routeSources = {
         ...Object.fromEntries(${JSON.stringify(routes)}.map((route) => [route, [
           'src/client/session/form-loader.tsx', 'src/client/layout/form-layout.tsx',
           'src/client/pages/form-page.tsx']])),
         '/login': ['src/client/auth/auth-layout.tsx', 'src/client/auth/login-page.tsx'],
       };
       export const prerenderedRoutes = Object.keys(routeSources);
       export function routeSourcesOf(pathname) {
         return pathname === '/final-steps'
           ? [...routeSources[pathname], 'src/client/questions/confirm-question.tsx']
           : routeSources[pathname];
       }
       export async function renderPage(pathname) { globalThis.__renders++; return '<main>' + pathname + '</main>'; }`,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      IDENTITY_COOKIE_PREFIX: 'uni_id',
      NODE_ENV: 'test',
    });
    db = await openDatabase({ url: '', dataDir });
    app = await buildApp({ config, db, clientDir, logger: false });
    await app.ready();
    // The server-side entry loads in the background, an instance per language; until one has,
    // its language's pages are the plain one.
    await waitFor('the prerendered pages in both languages', async () => {
      const pages = await Promise.all(
        ['en', 'es'].map((language) =>
          app.inject({ method: 'GET', url: '/about', headers: { 'accept-language': language } }),
        ),
      );
      return pages.every((page) => page.body.includes('served-on'));
    });
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  it("sends a visitor the page's markup, as of today, under the same security headers", async () => {
    const response = await app.inject({ method: 'GET', url: '/education' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(
      '<html lang="en"><head><meta name="identity-cookie-prefix" content="uni_id" />' +
        `  <meta name="served-on" content="${localIsoDate(new Date())}" />\n    ` +
        '<link rel="stylesheet" crossorigin href="/assets/shell.css">\n    ' +
        '<link rel="modulepreload" crossorigin href="/assets/form.js">\n    ' +
        '<link rel="modulepreload" crossorigin href="/assets/page.js">\n  </head>' +
        '<body><div id="root"><main>/education</main></div></body></html>',
    );
  });

  it('preloads the question types a page loads apart with it, as the entry names them', async () => {
    const finalSteps = (await app.inject({ method: 'GET', url: '/final-steps' })).body;
    expect(finalSteps).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/confirm.js">',
    );
    const education = (await app.inject({ method: 'GET', url: '/education' })).body;
    expect(education).not.toContain('/assets/confirm.js');
  });

  it("preloads each page's own route modules: the Log In card's, not the form's nor the application's", async () => {
    const response = await app.inject({ method: 'GET', url: '/login' });
    expect(response.body).toBe(
      '<html lang="en"><head><meta name="identity-cookie-prefix" content="uni_id" />' +
        `  <meta name="served-on" content="${localIsoDate(new Date())}" />\n    ` +
        '<link rel="stylesheet" crossorigin href="/assets/card.css">\n    ' +
        '<link rel="modulepreload" crossorigin href="/assets/auth.js">\n    ' +
        '<link rel="modulepreload" crossorigin href="/assets/login.js">\n  </head>' +
        '<body><div id="root"><main>/login</main></div></body></html>',
    );
  });

  it('renders each page once a day, and sends the compressed copy the browser accepts', async () => {
    // Made once each when the entry loaded (the three form pages and Log In, in each of the two
    // languages: one instance of the entry per language), never again today.
    expect((globalThis as { __renders?: number }).__renders).toBe(8);
    const before = 8;
    const plain = await app.inject({ method: 'GET', url: '/about' });
    const br = await app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect((globalThis as { __renders?: number }).__renders).toBe(before);
  });

  it('sends a signed-in applicant, a visitor token and other paths the plain index.html', async () => {
    const plainIndex = index
      .replace('admissions_identity', 'uni_id')
      .replace('<html>', '<html lang="en">');
    for (const request of [
      { url: '/about', headers: { cookie: 'uni_id=1; theme=dark' } },
      { url: '/about?token=abc', headers: {} },
      { url: '/about?service_token=abc', headers: {} },
      { url: '/login?token=abc', headers: {} },
      { url: '/forgot', headers: {} },
      { url: '/staff', headers: {} },
    ]) {
      const response = await app.inject({ method: 'GET', ...request });
      expect(response.body, request.url).toBe(plainIndex);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const signedIn = await app.inject({
      method: 'GET',
      url: '/about',
      headers: { cookie: 'uni_id=1' },
    });
    expect(signedIn.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
  });

  it("sends a visitor the page in the request's language (issue 40)", async () => {
    const spanish = await app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(spanish.body).toMatch(/^<html lang="es">/);
    expect(spanish.body).toContain('<div id="root"><main>/about</main></div>');
    const chosen = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: 'lang=es' },
    });
    expect(chosen.body).toMatch(/^<html lang="es">.*<main>\/login<\/main>/s);
  });
});
