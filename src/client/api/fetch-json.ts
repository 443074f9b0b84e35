import { ServerError, UnauthorizedError, type ErrorDetails } from './errors';
import type { ErrorCode } from '../../contract/error-codes';
import { genericErrorMessage } from '../messages';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; mutating calls always send a body (`{}` when none is given). */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The one way the client calls the server (SPEC §8). Resolves with the parsed JSON body of an OK
 * response; otherwise throws UnauthorizedError (401) or ServerError, whose message is the body's
 * `message` when it is a string and the generic message when it is not (or the body is not JSON).
 */
export async function fetchJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const mutating = method !== 'GET';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: mutating
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      body: mutating ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ServerError(genericErrorMessage(), { status: 0 });
  }

  const body = await readJson(response);
  if (response.ok && body.ok) return body.value as T;

  const details = detailsOf(response.status, body.ok ? body.value : undefined);
  const message = body.ok ? messageOf(body.value) : genericErrorMessage();
  if (response.status === 401) throw new UnauthorizedError(message, details);
  throw new ServerError(message, details);
}

type Parsed = { ok: true; value: unknown } | { ok: false };

async function readJson(response: Response): Promise<Parsed> {
  try {
    return { ok: true, value: JSON.parse(await response.text()) as unknown };
  } catch {
    return { ok: false };
  }
}

function messageOf(body: unknown): string {
  const message = isRecord(body) ? body.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : genericErrorMessage();
}

function detailsOf(status: number, body: unknown): ErrorDetails {
  const details: ErrorDetails = { status };
  if (!isRecord(body)) return details;
  // The server's codes come from its catalogue, which the same union types.
  if (typeof body.code === 'string') details.code = body.code as ErrorCode;
  if (isRecord(body.errors)) {
    const errors: Record<string, string[]> = {};
    for (const [field, list] of Object.entries(body.errors)) {
      if (Array.isArray(list))
        errors[field] = list.filter((m): m is string => typeof m === 'string');
    }
    details.errors = errors;
  }
  return details;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
