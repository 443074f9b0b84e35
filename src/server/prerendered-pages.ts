/**
 * The pages served prerendered to visitors (issue 19): a first load of a form page (/about,
 * /education, /final-steps) or of the Log In or Sign Up card by someone with no identity cookie
 * gets index.html with the page's markup already in #root, which the browser hydrates (src/client/main.tsx) instead of rendering from nothing.
 * The markup comes from the client's server-side entry, which `vite build` writes to
 * dist/prerender (src/client/prerender/render-page.tsx); it is rendered on the first request of
 * each day and kept for the day, so that date-dependent content (alert banners, year lists,
 * offered terms) is the day's, never the build's. `served-on` tells the browser which day that
 * was: a browser whose own date differs renders the page itself, as for everyone else.
 * Each page exists in each language (issue 40): the entry is loaded once per language, each
 * instance with its texts and definitions in that language for good, and a visitor gets the
 * page in the request's language (client-shell.ts decides it).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { localIsoDate } from '../engine/alerts';
import { locales, type Locale } from '../contract/locale';

/** The query parameters that make the form routes load something first (SPEC §2). */
const loadingParams = ['token', 'service_token'];

interface RenderModule {
  prerenderedRoutes: readonly string[];
  /** Puts this instance's texts and definitions in `locale` (absent in a build before issue 40). */
  prepareLocale?(locale: Locale): Promise<void>;
  /** Per route, the source files of its route modules (Vite's manifest keys). */
  routeSources?: Readonly<Record<string, readonly string[]>>;
  /** The same for one route once rendered, with the modules its page loads apart. */
  routeSourcesOf?(pathname: string): readonly string[] | undefined;
  renderPage(pathname: string): Promise<string>;
}

/** The route modules of the form pages: what a module without routeSources prerenders. */
const formRouteSources = [
  'src/client/session/form-loader.tsx',
  'src/client/layout/form-layout.tsx',
  'src/client/pages/form-page.tsx',
];

export interface PageRequest {
  method: string;
  url: string;
  /** The names of the request's cookies. */
  cookieNames: readonly string[];
}

/**
 * Whether a request gets the prerendered page: a GET or HEAD of one of `routes`, by a visitor (no
 * cookie named with the identity prefix, the client's own rule: SPEC §1), with no visitor token
 * or service link to load first. Everyone else gets the plain index.html, whose spinner shows
 * while a signed-in applicant's profile loads (SPEC §2).
 */
export function servesPrerendered(
  request: PageRequest,
  routes: readonly string[],
  cookiePrefix: string,
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = new URL(request.url, 'http://localhost');
  if (!routes.includes(url.pathname)) return false;
  if (loadingParams.some((name) => url.searchParams.has(name))) return false;
  return !request.cookieNames.some((name) => name.startsWith(cookiePrefix));
}

/** One day's answer for one page, with the copies compressed once. */
interface PrerenderedAnswer {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export interface PrerenderedPages {
  /**
   * Loads the server-side entry and makes today's pages, in the background: called once the
   * server is ready, since loading and rendering hold the event loop for a moment.
   */
  start(): void;
  /**
   * Today's prerendered page for the request, made on the day's first request, or undefined when
   * it gets the plain index.html: not a visitor's prerendered page (servesPrerendered), or the
   * server-side entry still loading, which must not hold the server's start up.
   */
  answer(request: PageRequest, locale: Locale): Promise<PrerenderedAnswer | undefined>;
}

interface Manifest {
  [source: string]: {
    file: string;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
    isEntry?: boolean;
  };
}

/** What a page's first load fetches beyond the entry's own: the route modules and styles. */
export interface RouteFiles {
  scripts: string[];
  styles: string[];
}

/**
 * The built files of a route's modules (from Vite's manifest, by their source files), beyond those
 * index.html already names: preloaded with the page, so that hydration need not wait for the
 * entry to ask for them, and the style sheets linked, so that the prerendered page paints styled.
 */
function routeFiles(manifest: Manifest, sources: readonly string[]): RouteFiles {
  const collect = (key: string, into: Set<string>) => {
    if (!manifest[key] || into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
  };
  // index.html names the entry, what it imports, and the application it imports once the page
  // has been painted (src/client/boot.ts; vite.config.ts links that too).
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry)
      for (const named of [key, ...(chunk.dynamicImports ?? [])]) collect(named, entry);
  const routes = new Set<string>();
  for (const source of sources) collect(source, routes);
  const added = [...routes].filter((key) => !entry.has(key)).map((key) => manifest[key]!);
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key]!.css ?? []));
  return {
    // Modules grouped into one chunk are keys naming the same file (scripts/first-load-chunks.ts).
    scripts: [...new Set(added.map((chunk) => `/${chunk.file}`))],
    styles: [...new Set(added.flatMap((chunk) => chunk.css ?? []))]
      .filter((css) => !entryStyles.has(css))
      .map((css) => `/${css}`),
  };
}

function readManifest(clientDir: string): Manifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** index.html with the page's markup in #root, the day it was made and its route files. */
export function pageHtml(
  indexHtml: string,
  markup: string,
  day: string,
  files: RouteFiles,
): string {
  const styles = files.styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`);
  const scripts = files.scripts.map(
    (file) => `<link rel="modulepreload" crossorigin href="${file}">`,
  );
  // The page's style sheets go beside index.html's, before the scripts it preloads: the browser
  // asks for them first, so they do not wait behind a script for a connection (Lighthouse's
  // slow 4G counts that wait in its first paint).
  const lastStyle = [...indexHtml.matchAll(/<link rel="stylesheet"[^>]*>/g)].at(-1);
  let html = indexHtml;
  if (lastStyle) {
    const at = lastStyle.index + lastStyle[0].length;
    html = `${html.slice(0, at)}${styles.map((style) => `\n    ${style}`).join('')}${html.slice(at)}`;
  }
  const head = [
    `<meta name="served-on" content="${day}" />`,
    ...(lastStyle ? [] : styles),
    ...scripts,
  ];
  return html
    .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

/**
 * The prerendered pages of a built client, or undefined when the build has no server-side entry
 * (an API-only test, a client built before issue 19). Until the entry has loaded (start), every
 * request gets the plain index.html. `indexHtml` is each language's index.html.
 */
export function loadPrerenderedPages(
  clientDir: string,
  indexHtml: Readonly<Record<Locale, string>>,
  cookiePrefix: string,
  onLoadError: (error: unknown) => void,
): PrerenderedPages | undefined {
  const entry = path.join(clientDir, '..', 'prerender', 'render-page.js');
  if (!existsSync(entry)) return undefined;
  const render = new Map<Locale, RenderModule>();
  const manifest = readManifest(clientDir);
  const made = new Map<string, Promise<PrerenderedAnswer>>();

  const make = (
    module: RenderModule,
    locale: Locale,
    pathname: string,
  ): Promise<PrerenderedAnswer> => {
    // The day the render itself reads (new Date(), as the browser does), in the server's zone.
    const day = localIsoDate(new Date());
    const key = `${day} ${locale} ${pathname}`;
    let answer = made.get(key);
    if (!answer) {
      // Yesterday's pages are never asked for again.
      for (const old of made.keys()) if (!old.startsWith(day)) made.delete(old);
      answer = module.renderPage(pathname).then((markup) => {
        const sources =
          module.routeSourcesOf?.(pathname) ?? module.routeSources?.[pathname] ?? formRouteSources;
        const html = pageHtml(indexHtml[locale], markup, day, routeFiles(manifest, sources));
        const raw = Buffer.from(html);
        return {
          html,
          br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
          gzip: gzipSync(raw, { level: 9 }),
        };
      });
      // A failed render is tried again by the next request, not kept for the day.
      answer.catch(() => made.delete(key));
      made.set(key, answer);
    }
    return answer;
  };

  return {
    start() {
      for (const locale of locales) {
        // A module instance of its own per language (the query makes it another module).
        void import(`${pathToFileURL(entry).href}?locale=${locale}`).then(
          async (module: RenderModule) => {
            await module.prepareLocale?.(locale);
            const routes = module.prerenderedRoutes;
            await Promise.allSettled(routes.map((route) => make(module, locale, route)));
            render.set(locale, module);
          },
          (error: unknown) => onLoadError(error),
        );
      }
    },
    async answer(request, locale) {
      const module = render.get(locale);
      if (!module || !servesPrerendered(request, module.prerenderedRoutes, cookiePrefix))
        return undefined;
      return make(module, locale, new URL(request.url, 'http://localhost').pathname);
    },
  };
}
