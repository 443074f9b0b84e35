import { focusField } from '../session/form-bridge';

const attempts = 40;
const interval = 50;

/**
 * Moves focus into a field once it is on screen: after a navigation the page may still be
 * loading or rendering. Returns a function that stops trying.
 */
export function focusWhenReady(key: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let left = attempts;
  const attempt = () => {
    if (focusField(key) || --left <= 0) return;
    timer = setTimeout(attempt, interval);
  };
  attempt();
  return () => clearTimeout(timer);
}
