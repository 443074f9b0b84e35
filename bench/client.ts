/**
 * The client against a hand-written reference (bench/reference/reference-page.ts), both built
 * for production in this run and loaded in the system Chromium with the CPU slowed 4× (CDP):
 * - size: the JavaScript and CSS a cold load of /about fetches before it is rendered and idle,
 *   raw and gzipped, and whether any AJV module other than its runtime is among it;
 * - load: navigation start to rendered and idle (bench/client/page-load.ts), median of the loads;
 * - typing: keydown to the next animation frame, 30 characters into the first text field and
 *   into the text field 30 fields further down, p50 and p95 pooled over every load; and the same
 *   in the product's validating state (a signed-in applicant's refused submit: the error summary
 *   and every field's errors shown, bench/client/validating-page.ts), against the reference's
 *   plain typing (issue 19);
 * - Lighthouse scores of /about (and of the reference) and /login.
 * The product is served by the real server (a child process, production mode) and the reference
 * by a static server, both on loopback. Each round loads both pages cold (fresh contexts, each
 * with no other page open, in ABBA order from round to round), then loads them again side by side
 * and types into the two, alternating key by key, so that machine noise hits both alike; a first,
 * unrecorded round warms up. The validating page is opened in each round after the two loads and
 * typed into alongside them, key by key.
 *
 * BENCH_LOADS (default 7, at least 5) sets the measured loads per page, BENCH_LIGHTHOUSE_RUNS
 * (default 3) the Lighthouse runs per URL, BENCH_SKIP_BUILD=1 reuses dist/client,
 * BENCH_CPU_SLOWDOWN changes the 4× slowdown, BENCH_CLIENT=typing leaves Lighthouse out (for
 * iterating on the loads and typing).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLiveServer, type LiveServer } from '../tests/helpers/live-server';
import { median, spreadOf, type BenchRow } from './bench-row';
import { bundleBreakdown } from './client/bundle-breakdown';
import { ajvCompilerModules, pageBytes } from './client/bundle-bytes';
import { coldPage, cpuSlowdown, launchChromium } from './client/chromium';
import {
  lighthouseRows,
  sizeRows,
  typingRows,
  type Audits,
  type Measured,
  type Target,
} from './client/client-rows';
import {
  keystrokeInstrumentation,
  typeInterleaved,
  type KeystrokeSample,
} from './client/keystrokes';
import {
  startLighthouseBrowser,
  type LighthouseBrowser,
  type LighthouseResult,
} from './client/lighthouse-scores';
import { loadAlone, loadInstrumentation, loadPage } from './client/page-load';
import { serveStatic, type StaticServer } from './client/static-server';
import { validatingPage } from './client/validating-page';
import { buildReferencePage, type ReferenceField } from './reference/reference-page';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const productDist = path.join(root, 'dist/client');
/**
 * A copy of the product's build, taken right after building: what the sizes and source maps are
 * read from, even if another process rebuilds dist/client while the bench runs.
 */
const productCopy = path.join(root, 'dist/bench/product');
const LOADS = Math.max(5, Number(process.env.BENCH_LOADS ?? 7));
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/** BENCH_CLIENT=typing: the loads and typing only, no Lighthouse. */
const TYPING_ONLY = process.env.BENCH_CLIENT === 'typing';
/** How far down the page the second typed-into field is (the issue: 30 fields further). */
const FURTHER = 30;

function sh(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** The first text field, the first text field at least 30 fields below it, and the last field. */
function fieldsToUse(fields: ReferenceField[]) {
  const firstIndex = fields.findIndex((f) => f.type === 'text');
  const further = fields.slice(firstIndex + FURTHER).find((f) => f.type === 'text');
  const first = fields[firstIndex];
  const last = fields.at(-1);
  if (!first || !further || !last) throw new Error('The About page has too few text fields.');
  return {
    first: first.key,
    further: further.key,
    distance: fields.indexOf(further) - firstIndex,
    last: last.key,
  };
}

/**
 * Rounds of one cold load of each page, each with no other page open in the browser; then each
 * loaded again side by side (untimed), the product's page in the validating state beside them,
 * and typing into the three alternately, key by key. The first round warms the servers and the
 * disk cache up and is not recorded; the order of the loads alternates from round to round (ABBA).
 */
async function measureLoads(
  urls: Record<Target, string>,
  dists: Record<Target, string>,
  keys: ReturnType<typeof fieldsToUse>,
  server: LiveServer,
): Promise<Record<Target, Measured>> {
  const validating = { first: [] as KeystrokeSample[][], further: [] as KeystrokeSample[][] };
  const measured: Record<Target, Measured> = {
    product: { loads: [], settled: [], first: [], further: [], validating },
    reference: { loads: [], settled: [], first: [], further: [] },
  };
  const init = `${loadInstrumentation(keys.last)};${keystrokeInstrumentation}`;
  const browser = await launchChromium();
  try {
    for (let round = 0; round <= LOADS; round++) {
      const record = round > 0;
      const order: Target[] = round % 2 === 1 ? ['product', 'reference'] : ['reference', 'product'];
      const open: Array<Awaited<ReturnType<typeof coldPage>>> = [];
      try {
        for (const target of order) {
          // Timed with no other page open in the browser (loadAlone), then loaded again, untimed,
          // to be typed into beside the others.
          const load = await loadAlone(browser, init, urls[target]);
          if (!record) continue;
          const m = measured[target];
          m.loads.push(load.ms);
          m.settled.push(load.settledMs);
          m.bytes ??= pageBytes(load, target === 'product' ? productCopy : dists.reference);
          if (target === 'product' && m.breakdown === undefined) {
            m.ajvCompiler = ajvCompilerModules(load, productCopy);
            m.breakdown = bundleBreakdown(load, productCopy);
          }
        }
        for (const target of order) {
          const cold = await coldPage(browser, init);
          open.push(cold);
          await loadPage(cold.page, urls[target]);
        }
        open.push(await validatingPage(browser, server, init));
        const pages = open.map((o) => o.page);
        const first = await typeInterleaved(pages, `#${keys.first}-input`);
        const further = await typeInterleaved(pages, `#${keys.further}-input`);
        if (!record) continue;
        order.forEach((target, i) => {
          measured[target].first.push(first[i]!);
          measured[target].further.push(further[i]!);
        });
        validating.first.push(first[order.length]!);
        validating.further.push(further[order.length]!);
      } finally {
        for (const { context } of open) await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return measured;
}

/** Median scores of LIGHTHOUSE_RUNS runs per URL, interleaved; a failed run is tried twice more. */
async function runLighthouse(urls: Record<Target, string>, loginUrl: string): Promise<Audits> {
  const audits: Audits = { about: { product: [], reference: [] }, login: [], errors: [] };
  let browser: LighthouseBrowser | undefined;
  try {
    browser = await startLighthouseBrowser();
    const audit = async (url: string, into: LighthouseResult[]) => {
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          into.push(await browser!.audit(url));
          return;
        } catch (error) {
          if (attempt === 3) audits.errors.push(`${url}: ${String(error)}`);
        }
      }
    };
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      await audit(urls.product, audits.about.product);
      await audit(urls.reference, audits.about.reference);
      await audit(loginUrl, audits.login);
    }
  } catch (error) {
    audits.errors.push(`Lighthouse could not start: ${String(error)}`);
  } finally {
    await browser?.close();
  }
  return audits;
}

/** The loads' spread (fastest and slowest) on each side, as a row's fields. */
function spreads(product: number[], reference: number[]) {
  const spread = spreadOf(product);
  const referenceSpread = spreadOf(reference);
  return { ...(spread ? { spread } : {}), ...(referenceSpread ? { referenceSpread } : {}) };
}

/** Every load's figure, the product's and the reference's, for a row's note. */
const eachLoad = (product: number[], reference: number[]) =>
  `product ${product.map(Math.round).join(', ')}; reference ${reference.map(Math.round).join(', ')}`;

export async function run(): Promise<BenchRow[]> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    sh('npm', ['run', '-s', 'validators']);
    sh('npx', ['vite', 'build', '--logLevel', 'error'], { NODE_ENV: 'production' });
    sh('npx', ['tsx', 'scripts/precompress.ts', 'dist/client']);
  }
  rmSync(productCopy, { recursive: true, force: true });
  cpSync(productDist, productCopy, { recursive: true });
  const { dir: referenceDist, fields } = await buildReferencePage();
  const keys = fieldsToUse(fields);
  let product: LiveServer | undefined;
  let reference: StaticServer | undefined;
  try {
    product = await startLiveServer();
    reference = await serveStatic(referenceDist);
    const urls = { product: `${product.base}/about`, reference: `${reference.base}/about` };
    const measured = await measureLoads(
      urls,
      { product: productCopy, reference: referenceDist },
      keys,
      product,
    );
    const audits = TYPING_ONLY ? undefined : await runLighthouse(urls, `${product.base}/login`);
    const p = measured.product;
    const r = measured.reference;
    const further = `${keys.further}, ${keys.distance} fields further`;
    const validating = p.validating ?? { first: [], further: [] };
    const rows = sizeRows(p, r);
    // The server read index.html when it started; a rebuild since then mixes two builds.
    const index = (dir: string) => {
      const file = path.join(dir, 'index.html');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    };
    if (index(productDist) !== index(productCopy))
      rows[0]!.note = `dist/client was rebuilt by another process during the run. ${rows[0]!.note ?? ''}`;
    return [
      ...rows,
      {
        id: 'load.median',
        name: `cold load of /about to rendered and idle, median of ${p.loads.length} (${cpuSlowdown}× CPU)`,
        value: median(p.loads),
        reference: median(r.loads),
        ...spreads(p.loads, r.loads),
        unit: 'ms',
        note: eachLoad(p.loads, r.loads),
      },
      {
        id: 'load.settled',
        name: `cold load of /about to no long task for 1 s, median of ${p.settled.length} (${cpuSlowdown}× CPU)`,
        value: median(p.settled),
        reference: median(r.settled),
        ...spreads(p.settled, r.settled),
        unit: 'ms',
        note: `without a budget: what a long task after the 200 ms window adds (scripts' evaluation, hydration); ${eachLoad(p.settled, r.settled)}`,
      },
      {
        id: 'load.fastest',
        name: `cold load of /about to rendered and idle, fastest of ${p.loads.length} (noise only adds)`,
        value: Math.min(...p.loads),
        reference: Math.min(...r.loads),
        unit: 'ms',
      },
      ...typingRows('typing.first', `${keys.first} (first text field)`, p.first, r.first),
      ...typingRows('typing.further', further, p.further, r.further),
      ...typingRows(
        'typing.validating.first',
        `errors shown, ${keys.first} (first text field)`,
        validating.first,
        r.first,
        "the product in the validating state (a signed-in applicant's refused submit: summary and field errors shown); the reference's figure is its plain typing",
      ),
      ...typingRows(
        'typing.validating.further',
        `errors shown, ${further}`,
        validating.further,
        r.further,
      ),
      ...(audits ? lighthouseRows(audits) : []),
    ];
  } finally {
    await reference?.close();
    await product?.dispose();
  }
}
