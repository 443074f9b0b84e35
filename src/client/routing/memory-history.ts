import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type InitialEntry,
} from 'react-router-dom';
import type { History } from './app-router';

/**
 * A history in memory starting at `initialEntries`, for the server's prerender and tests; its own
 * module, so that the browser's bundle, which uses the browser's history, carries none of it.
 */
export const memoryHistory = (initialEntries: InitialEntry[]): History =>
  createMemoryHistory({ initialEntries, v5Compat: true });
