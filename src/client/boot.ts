/**
 * The page's entry script, kept tiny: it lets the browser paint what the server sent (a
 * prerendered page, or nothing yet) before the application's scripts are evaluated, which on a
 * slow phone takes a few hundred milliseconds of main thread (react-dom alone is 190 KB). Those
 * scripts are already being fetched: index.html preloads them (vite.config.ts). Edits made to a
 * prerendered page meanwhile are noted from here on, and handed to React once it has hydrated.
 */
import './styles/global.css';
import { keepEarlyEdits } from './prerender/early-edits';

const root = document.getElementById('root');
const replayEarlyEdits = root?.firstChild ? keepEarlyEdits(root) : () => {};

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./main').then(({ startApplication }) => startApplication(replayEarlyEdits));
}
// After the first frame has been painted; a tab in the background draws no frames.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
