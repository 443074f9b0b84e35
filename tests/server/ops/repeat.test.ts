import { describe, expect, it } from 'vitest';
import { repeatEvery } from '../../../src/server/ops/repeat';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('repeatEvery', () => {
  it('runs the work every tick, one run at a time, and stops once the run under way ends', async () => {
    let runs = 0;
    let running = 0;
    let most = 0;
    let ended = 0;
    const stop = repeatEvery(5, async () => {
      runs++;
      running++;
      most = Math.max(most, running);
      // Each run spans several ticks: the ticks meanwhile are skipped, not stacked.
      await sleep(30);
      running--;
      ended++;
    });
    await sleep(150);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    await stop();
    // stop() waited for the run under way; none starts after it.
    expect(running).toBe(0);
    expect(ended).toBe(runs);
    const after = runs;
    await sleep(50);
    expect(runs).toBe(after);
  });
});
