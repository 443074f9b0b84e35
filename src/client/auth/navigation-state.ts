/** What an auth screen can receive in navigation state (SPEC §2). */
export interface AuthNavigationState {
  username?: string;
  successMessage?: string;
  errorMessage?: string;
}

/** Reads navigation state defensively: it comes from history and may be anything. */
export function readNavigationState(state: unknown): AuthNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : undefined);
  return {
    username: text('username'),
    successMessage: text('successMessage'),
    errorMessage: text('errorMessage'),
  };
}
