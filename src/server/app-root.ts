import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageName = 'admission-application';

/**
 * The application's root folder (package.json, forms/, schemas/, data/, dist/), found by walking
 * up from this module's file. A fixed "../.." would be true of src/server/*.ts but not of the
 * same code bundled into dist/server/*.js or dist/scripts/*.js, which sit at other depths.
 */
export function findAppRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === packageName)
          return dir;
      } catch {
        // Not ours (or unreadable): keep walking up.
      }
    }
    if (path.dirname(dir) === dir) {
      throw new Error(
        `No ${packageName} package.json above ${from}: cannot find forms/ and data/.`,
      );
    }
  }
}

/** Resolved once: every module that reads the repository's files joins its paths to this. */
export const appRoot = findAppRoot();
