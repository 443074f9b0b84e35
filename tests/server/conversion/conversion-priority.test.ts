/**
 * A light job's conversion processes come before heavy conversions' for the CPU: still at nice
 * 19 (HTTP first), but not under SCHED_IDLE, which heavy ones keep (issue 41, F5).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asLightConversion } from '../../../src/server/conversion/conversion-priority';
import { runSandboxed } from '../../../src/server/conversion/sandbox';
import { scratchDir } from '../../helpers/scratch-dir';

/** The scheduling policy and nice value a sandboxed program runs with. */
async function schedulingOfSandboxed(): Promise<{ policy: string; nice: string }> {
  const workDir = scratchDir('conversion-priority');
  await runSandboxed('/bin/sh', ['-c', 'chrt -p $$ > policy.txt; nice > nice.txt'], {
    workDir,
    timeoutMs: 10_000,
    memoryMb: 512,
    sandbox: 'none',
  });
  const read = (name: string) => readFileSync(path.join(workDir, name), 'utf8');
  return {
    policy: /scheduling policy: (\w+)/.exec(read('policy.txt'))?.[1] ?? read('policy.txt'),
    nice: read('nice.txt').trim(),
  };
}

describe('the CPU priority of conversions', () => {
  it('runs a heavy conversion under SCHED_IDLE at nice 19', async () => {
    expect(await schedulingOfSandboxed()).toEqual({ policy: 'SCHED_IDLE', nice: '19' });
  });

  it("runs a light job's conversion at nice 19 without SCHED_IDLE", async () => {
    expect(await asLightConversion(schedulingOfSandboxed)).toEqual({
      policy: 'SCHED_OTHER',
      nice: '19',
    });
  });

  it('keeps the priority to the light work alone', async () => {
    const [light, heavy] = await Promise.all([
      asLightConversion(schedulingOfSandboxed),
      schedulingOfSandboxed(),
    ]);
    expect([light.policy, heavy.policy]).toEqual(['SCHED_OTHER', 'SCHED_IDLE']);
  });
});
