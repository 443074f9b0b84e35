/**
 * Lighthouse scores (performance, accessibility, best practices) with its default settings: a
 * mobile device, simulated slow-4G network and 4× CPU slowdown. Lighthouse drives its own
 * headless Chromium (the system one, with this machine's flags) over a DevTools port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './chromium';

export const lighthouseCategories = ['performance', 'accessibility', 'best-practices'] as const;
type LighthouseCategory = (typeof lighthouseCategories)[number];

export interface LighthouseResult {
  /** Scores out of 100. */
  scores: Record<LighthouseCategory, number>;
  /** The audits that cost points, for reading a score that is not 100. */
  failing: string[];
}

export interface LighthouseBrowser {
  audit(url: string): Promise<LighthouseResult>;
  close(): Promise<void>;
}

/** Starts Chromium with a DevTools port for Lighthouse. */
export async function startLighthouseBrowser(): Promise<LighthouseBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const chrome: ChildProcess = spawn(
    chromiumPath,
    [
      '--headless=new',
      ...chromiumFlags,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium gave no DevTools port:\n${output}`)),
      30_000,
    );
    chrome.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    chrome.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  return {
    async audit(url) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...lighthouseCategories],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(
        lighthouseCategories.map((id) => [
          id,
          Math.round((lhr.categories[id]?.score ?? NaN) * 100),
        ]),
      ) as Record<LighthouseCategory, number>;
      const failing = Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
        )
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      return { scores, failing };
    },
    async close() {
      if (chrome.exitCode === null && chrome.signalCode === null) {
        const exited = new Promise((resolve) => chrome.once('exit', resolve));
        chrome.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
