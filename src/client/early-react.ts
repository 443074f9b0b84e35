/**
 * React's chunk (vite.config.ts puts this module in it), which boot.ts imports ahead of the
 * application so that react-dom is evaluated in a task of its own (issue 43). A module of ours
 * rather than `import('react-dom/client')` in boot.ts, which would bring the bundler's CommonJS
 * interop into the entry.
 */
import 'react-dom/client';
