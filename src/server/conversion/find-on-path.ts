import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The first executable named `command` in the folders of a PATH, if any. */
export function findOnPath(command: string, pathVariable: string): string | undefined {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
