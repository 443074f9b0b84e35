/**
 * The forms/ and schemas/ folders as committed at a git ref, written to a temporary folder, so
 * the preview can serve the "before" side of a change as it serves the working tree.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RefFolder {
  formsDir: string;
  schemasDir: string;
  /** Removes the temporary folder. */
  remove(): void;
}

/** Extracts forms/ and schemas/ at `ref` (already known to git: definitionsAtRef checks it). */
export function refFolder(repo: string, ref: string): RefFolder {
  const dir = mkdtempSync(path.join(tmpdir(), 'forms-before-'));
  try {
    const tar = execFileSync('git', ['archive', '--format=tar', ref, '--', 'forms', 'schemas'], {
      cwd: repo,
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    execFileSync('tar', ['-x', '-C', dir], { input: tar, stdio: ['pipe', 'ignore', 'pipe'] });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    formsDir: path.join(dir, 'forms'),
    schemasDir: path.join(dir, 'schemas'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
