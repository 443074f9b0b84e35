import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Caches that tools keep in the temp folder on purpose: tsx's, and Node's module compile cache. */
const toolCaches = /^(?:tsx-\d+|node-compile-cache)$/;
const prefix = 'admissions-test-run-';

/** Whether the process `pid` still runs (a run folder of a live run is not ours to remove). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Run folders of earlier runs whose process is gone: a run stopped before its teardown (killed,
 * or closed by force after failures) leaves its folder, which the next run removes.
 */
function removeOrphanedRuns(root: string): void {
  for (const name of readdirSync(root)) {
    const pid = Number(/^admissions-test-run-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) {
      rmSync(path.join(root, name), { recursive: true, force: true });
    }
  }
}

/**
 * Vitest global setup: every test run gets a temp folder of its own, handed to the test processes
 * (and what they start) as TMPDIR, so what a test leaves behind can be seen. At teardown the run
 * fails if anything is left in it; the folder itself is removed either way.
 */
export default function tempFolderCheck(): () => void {
  removeOrphanedRuns(tmpdir());
  const runDir = mkdtempSync(path.join(tmpdir(), `${prefix}${process.pid}-`));
  const outer = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    const left = readdirSync(runDir).filter((name) => !toolCaches.test(name));
    rmSync(runDir, { recursive: true, force: true });
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    if (left.length > 0) {
      // Vitest reports an error thrown here but still exits 0: the exit code says it too.
      process.exitCode = 1;
      throw new Error(
        `The tests left ${left.length} item(s) in the temp folder: ${left.sort().join(', ')}. ` +
          'Make scratch folders with scratchDir() from tests/helpers/scratch-dir.ts.',
      );
    }
  };
}
