/**
 * One log setup for every process: the web server (Fastify's logger), the worker and the job
 * runner. JSON lines by default, which a log collector reads; in development (NODE_ENV unset or
 * "development") one readable line per event through pino-pretty. LOG_LEVEL chooses how much.
 */
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config';

/**
 * What a log line may say of a request and an error. Query strings may hold what applicants
 * type (school and address searches) or tokens, so a request is logged by its path only: never
 * its query, body or cookies. An error keeps its type, message, code and stack (for finding the
 * fault) and nothing else: a database error's detail may quote the row.
 */
export const logSerializers = {
  req: (request: { method: string; url: string; id: string }) => ({
    id: request.id,
    method: request.method,
    path: request.url.split('?')[0],
  }),
  err: (error: Error & { code?: unknown }) =>
    error instanceof Error
      ? {
          type: error.name,
          message: error.message,
          ...(error.code !== undefined ? { code: error.code } : {}),
          stack: error.stack ?? '',
        }
      : { type: typeof error, message: String(error), stack: '' },
};

/** The pino options every process uses (Fastify adds its own request and response fields). */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return { level: config.logLevel, serializers: logSerializers };
}

/**
 * Where the log goes: pino-pretty's one-line form in development, standard output as JSON
 * (undefined) otherwise, or when pino-pretty cannot be loaded (it is never worth not starting).
 */
export async function logDestination(
  config: Pick<Config, 'development'>,
  /** Where pino-pretty writes (standard output unless a test reads it). */
  output?: NodeJS.WritableStream,
): Promise<DestinationStream | undefined> {
  if (!config.development) return undefined;
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({
      singleLine: true,
      colorize: !output && Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      // Written at once, so the last lines before a crash or exit are not lost.
      sync: true,
      ...(output ? { destination: output } : {}),
    });
  } catch {
    return undefined;
  }
}

/** A logger for a process that is not the web server (the worker), set up as the server's. */
export async function createLogger(
  config: Pick<Config, 'logLevel' | 'development'>,
  destination?: DestinationStream,
): Promise<Logger> {
  const stream = destination ?? (await logDestination(config));
  return stream ? pino(loggerOptions(config), stream) : pino(loggerOptions(config));
}
