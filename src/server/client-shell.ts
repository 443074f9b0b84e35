import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import {
  locales,
  localeCookie,
  requestLocale,
  sourceLocale,
  type Locale,
} from '../contract/locale';
import { errorCatalogue } from './errors';
import { loadPrerenderedPages } from './prerendered-pages';

export interface ClientShellOptions {
  /** The built client (index.html and assets); absent in API-only tests. */
  clientDir?: string;
  /** IDENTITY_COOKIE_PREFIX, written into index.html for the client to read. */
  cookiePrefix: string;
}

const apiPrefixes = ['/public/', '/api/', '/service/', '/lookup/', '/uploads'];
const opsPaths = ['/healthz', '/readyz', '/metrics'];

/** Whether a path is one of the application's pages (index.html), not an API or ops path. */
export const isPagePath = (pathname: string): boolean =>
  !apiPrefixes.some((p) => pathname.startsWith(p)) && !opsPaths.includes(pathname);

/**
 * The language of a page (issue 40): the request's (the `lang` cookie, else Accept-Language),
 * except the staff side's, which stays English: the console, and a service link's read-only view
 * (any page opened with `service_token`), whatever language the staff member's browser asks for.
 */
export function pageLocale(url: string, cookie: string | undefined, accept?: string): Locale {
  const [pathname = '', query = ''] = url.split('?', 2);
  if (pathname === '/staff' || pathname.startsWith('/staff/')) return sourceLocale;
  if (new URLSearchParams(query).has('service_token')) return sourceLocale;
  return requestLocale(cookie, accept);
}

/**
 * The built client: its files, and index.html for every other path the browser asks for (the
 * application routes it itself), in the page's language (`<html lang>`, its texts); an unknown
 * API path is a JSON 404.
 */
export const clientShell = fp(async (app: FastifyInstance, options: ClientShellOptions) => {
  const { clientDir } = options;
  const indexHtml = clientDir ? readIndex(clientDir, options.cookiePrefix) : undefined;
  const prerendered =
    clientDir && indexHtml
      ? loadPrerenderedPages(clientDir, indexHtml, options.cookiePrefix, (error) =>
          app.log.error({ err: error }, 'The prerendered pages could not be loaded.'),
        )
      : undefined;
  app.addHook('onReady', async () => prerendered?.start());
  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: path.resolve(clientDir),
      index: false,
      wildcard: false,
      prefix: '/',
      cacheControl: false,
      // The build writes .br and .gz copies (vite.config.ts); each client gets what it accepts.
      preCompressed: true,
      // Vite names built assets by content hash, so they never change; other files may.
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A shared cache must keep the Brotli, gzip and plain answers apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      isPagePath(pathname) &&
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      // The same paths answer a visitor with a prerendered page and a signed-in applicant with
      // the plain index.html (prerendered-pages.ts), each in the request's language (the cookie,
      // else Accept-Language), so caches must keep them apart.
      reply.header(
        'Vary',
        prerendered ? 'Accept-Encoding, Cookie, Accept-Language' : 'Cookie, Accept-Language',
      );
      const locale = pageLocale(
        request.url,
        request.cookies[localeCookie],
        request.headers['accept-language'],
      );
      const page = { method: request.method, url: request.url, cookieNames: cookieNames(request) };
      const answer = await prerendered?.answer(page, locale).catch((error: unknown) => {
        // The browser renders the page itself, as it does for everyone else.
        request.log.error({ err: error }, 'The prerendered page could not be rendered.');
        return undefined;
      });
      if (answer) {
        const header = String(request.headers['accept-encoding'] ?? '');
        if (acceptsEncoding(header, 'br'))
          return reply.header('Content-Encoding', 'br').send(answer.br);
        if (acceptsEncoding(header, 'gzip'))
          return reply.header('Content-Encoding', 'gzip').send(answer.gzip);
        return reply.send(answer.html);
      }
      // Every other path is the application, which routes it itself (query string intact).
      return reply.send(indexHtml[locale]);
    }
    return reply.status(404).send({ message: errorCatalogue.NOT_FOUND.message, code: 'NOT_FOUND' });
  });
});

const cookieNames = (request: FastifyRequest): string[] => Object.keys(request.cookies);

/** Whether an Accept-Encoding header takes `coding` (named, and not refused with q=0). */
export function acceptsEncoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name !== coding) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Each language's index.html (the build writes index.<locale>.html beside the English one:
 * scripts/compiled-messages.ts) with the configured identity cookie prefix, read once at start.
 * A language the build has no file for gets the English with its own `lang`.
 */
function readIndex(
  clientDir: string,
  cookiePrefix: string,
): Readonly<Record<Locale, string>> | undefined {
  const read = (name: string) => {
    const file = path.join(clientDir, name);
    if (!existsSync(file)) return undefined;
    return readFileSync(file, 'utf8').replace(
      /(<meta name="identity-cookie-prefix" content=")[^"]*(")/,
      `$1${cookiePrefix}$2`,
    );
  };
  const english = read('index.html');
  if (english === undefined) return undefined;
  const pages = locales.map((locale) => {
    const own = locale === sourceLocale ? english : read(`index.${locale}.html`);
    return [locale, withLang(own ?? english, locale)];
  });
  return Object.fromEntries(pages) as Record<Locale, string>;
}

/** The page with `<html lang>` saying `locale`, whatever it said before. */
function withLang(html: string, locale: Locale): string {
  return html.replace(/<html(\s[^>]*)?>/, (_tag, attributes: string | undefined) => {
    const others = (attributes ?? '').replace(/\s+lang="[^"]*"/, '');
    return `<html lang="${locale}"${others}>`;
  });
}
