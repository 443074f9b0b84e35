/**
 * `npm start`: serves the production build, building it first when it is missing, on the
 * embedded defaults (SQLite, local blob folder, mail outbox) unless the environment says otherwise.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!existsSync(path.join(root, 'dist', 'client', 'index.html'))) {
  console.log('No production build yet: building it once (npm run build)…');
  execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
} else if (!existsSync(path.join(root, 'src', 'generated', 'validators.js'))) {
  execSync('npm run -s validators', { cwd: root, stdio: 'inherit' });
}

await import('../src/server/main');
