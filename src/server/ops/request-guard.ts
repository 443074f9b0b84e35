import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestGuardOptions {
  /** The application's origin (PUBLIC_URL); empty means "the Host the request was sent to". */
  publicOrigin: string;
  /** Paths that take other bodies than JSON (the upload route's multipart form). */
  nonJsonPrefixes?: string[];
  /**
   * The application's pages (client-shell.ts). A form on one of them is posted by the browser
   * itself only when the application's scripts have not run yet (a slow connection) or cannot
   * (scripts off): the browser is sent back to the page (303) rather than shown a JSON refusal.
   */
  isPagePath?: (pathname: string) => boolean;
}

/**
 * Cross-site request forgery guard for every mutating call: the body must be JSON (a form post
 * from another site cannot send that content type without a CORS preflight) and the request must
 * come from our own origin, judged by Origin or, failing that, Sec-Fetch-Site.
 */
export const requestGuard = fp(async (app: FastifyInstance, options: RequestGuardOptions) => {
  // A callback hook (no promise a request): every request passes it.
  app.addHook('onRequest', (request, reply, done) => {
    const refused = refusal(request, options);
    if (refused?.code === 'UNSUPPORTED_MEDIA_TYPE' && isPageForm(request, options)) {
      // Nothing posted is read or kept (a password stays out of every address and log). One
      // leading slash: "//host/…" would send the browser to another site.
      const location = `/${request.url.replace(/^\/+/, '')}`;
      void reply.header('Cache-Control', 'no-store').redirect(location, 303);
      return;
    }
    done(refused);
  });
});

/** A same-origin form posted by the browser to one of the application's pages. */
function isPageForm(request: FastifyRequest, options: RequestGuardOptions): boolean {
  return (
    request.method === 'POST' &&
    formTypes.has(mediaTypeOf(request)) &&
    (options.isPagePath?.(pathOf(request)) ?? false)
  );
}

/** The body's media type, without its parameters ("" when none is named). */
const mediaTypeOf = (request: FastifyRequest): string =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '';

/** The bodies a browser posts an HTML form as. */
const formTypes = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

/** Why a request is refused before its body is read, if it is. */
function refusal(request: FastifyRequest, options: RequestGuardOptions): AppError | undefined {
  if (!mutating.has(request.method)) return undefined;
  if (!isSameOrigin(request, options.publicOrigin)) return new AppError('CROSS_ORIGIN');
  const path = pathOf(request);
  if (options.nonJsonPrefixes?.some((prefix) => path.startsWith(prefix))) return undefined;
  return mediaTypeOf(request) === 'application/json'
    ? undefined
    : new AppError('UNSUPPORTED_MEDIA_TYPE');
}

function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin) {
    const expected = publicOrigin || `${request.protocol}://${request.headers.host ?? ''}`;
    return origin === expected;
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}
