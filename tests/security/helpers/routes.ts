import type { FastifyInstance } from 'fastify';

/** Every route of an app as "METHOD /path", read from Fastify's route tree. */
export function routesOf(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = Array.from(match[1]!).length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack.push(path);
    for (const method of match[3]!.split(', ')) routes.push(`${method} ${path}`);
  }
  return routes.sort();
}

export const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The method and path of a "METHOD /path" route. */
export function splitRoute(route: string): { method: string; path: string } {
  const [method = '', path = ''] = route.split(' ');
  return { method, path };
}

/** A route's path with its parameters filled in (every :key is a file question's key). */
export const concretePath = (path: string, key = 'transcript_file'): string =>
  path.replace(/:key\b/g, key);
