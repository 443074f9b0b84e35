import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

/**
 * A new, empty folder in the system temp folder for one test file's scratch work. Every folder made
 * here is removed when the test file ends, passed or failed, so runs do not pile up folders; the
 * suite's teardown (tests/temp-folder-check.ts) fails on any a test leaves some other way.
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  made.push(dir);
  return dir;
}

/** Removes a scratch folder now, for a test that makes many and wants them gone as it goes. */
export function removeScratchDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

// Outside Vitest (the benches use the test app), whoever makes a folder removes it.
if (process.env.VITEST) {
  afterAll(() => {
    for (const dir of made.splice(0)) removeScratchDir(dir);
  });
}
