/**
 * .github/workflows/ci.yml runs on GitHub what .ci/run runs here, so that both give one verdict:
 * the same npm commands in the same order, the services those commands' tests look for (with
 * health checks, so no step starts before they answer), the same tools, and Chromium where the
 * forms workflow finds it. Read from both files, so a command added to .ci/run alone fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  env?: Record<string, string>;
  services?: Record<string, { image: string; ports?: string[]; options?: string }>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, { branches?: string[] } | null>;
  jobs: Record<string, Job>;
}

const workflow = parse(read('.github/workflows/ci.yml')) as Workflow;
const [job] = Object.values(workflow.jobs);
const ciRun = read('.ci/run');

/** The npm commands .ci/run runs, in order (its own lines, not those inside conditions). */
const ciRunCommands = ciRun
  .split('\n')
  .filter((line) => /^npm /.test(line))
  .map((line) => line.trim());

/** The packages .ci/run installs with apt-get. */
const ciRunPackages = [...ciRun.matchAll(/apt-get install -y ([^>]+)>/g)].flatMap((m) =>
  m[1]!.split(/\s+/).filter((word) => word !== '' && !word.startsWith('-')),
);

const runSteps = () => (job?.steps ?? []).flatMap((step) => (step.run ? [step.run.trim()] : []));

describe('.github/workflows/ci.yml', () => {
  it('has one job and runs on every pull request and every push to main', () => {
    expect(Object.keys(workflow.jobs)).toHaveLength(1);
    expect(workflow.on).toEqual({ pull_request: null, push: { branches: ['main'] } });
  });

  it("runs .ci/run's npm commands in the same order", () => {
    expect(ciRunCommands).toContain('npm test');
    const npmSteps = runSteps().filter((run) => run.startsWith('npm '));
    expect(npmSteps).toEqual(ciRunCommands);
  });

  it('runs them on Node 24, the runtime .ci/run puts first', () => {
    expect(ciRun).toContain('source .ci/node24.sh');
    const setup = job?.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setup?.with?.['node-version']).toBe(24);
  });

  it('gives the tests PostgreSQL and Redis as services with health checks, at the URLs .ci/run uses', () => {
    const services = job?.services ?? {};
    expect(Object.keys(services).sort()).toEqual(['postgres', 'redis']);
    for (const service of Object.values(services)) {
      expect(service.options).toMatch(/--health-cmd /);
    }
    const defaults = Object.fromEntries(
      [...ciRun.matchAll(/export (TEST_\w+)="\$\{\1:-([^}]+)\}"/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(Object.keys(defaults).sort()).toEqual(['TEST_DATABASE_URL', 'TEST_REDIS_URL']);
    for (const [name, url] of Object.entries(defaults)) {
      expect(job?.env?.[name]).toBe(url);
      const port = new URL(url).port;
      const service = name === 'TEST_DATABASE_URL' ? services.postgres : services.redis;
      expect(service?.ports).toContain(`${port}:${port}`);
    }
  });

  it("installs the tools .ci/run installs from the runner's packages, and uses the forms workflow's Chrome", () => {
    expect(ciRunPackages).toContain('chromium');
    const install = runSteps().find((run) => run.includes('apt-get install')) ?? '';
    for (const pkg of ciRunPackages.filter((p) => p !== 'chromium')) {
      expect(install.split(/\s+/)).toContain(pkg);
    }
    const forms = parse(read('.github/workflows/forms.yml')) as Workflow;
    const formsChromium = Object.values(forms.jobs)[0]?.env?.CHROMIUM_PATH;
    expect(formsChromium).toBeTruthy();
    expect(job?.env?.CHROMIUM_PATH).toBe(formsChromium);
  });
});
