/**
 * The neutral 60-field page (issue 43): the product measured on a page it was not written for.
 * From bench/sixty-fields/sixty-fields.spec.json the bench generates, in this run:
 * - the product's definition and schemas for it (a fixture in the About page's place, in a built
 *   copy of the application: sixty-fields/product-copy.ts), served by the copy's real server;
 * - the hand-written React page, generated from that definition as the About page's reference is
 *   (reference/reference-page.ts), built with Vite and served statically;
 * - the static HTML floor: the reference's markup and style sheets with no script.
 * Each round loads the three cold (4× CPU, the order rotating from round to round), each with
 * no other page open in the browser, then a signed-in applicant's page with every error showing
 * (a refused submit, then a cold load of the page), opens the three again beside it and types 30
 * characters into the first text field and the text field 30 fields down of all four, key by
 * key. A first round warms up, uncounted. Every figure over rounds is printed with its spread:
 * the fastest and slowest load, each round's percentile of the keystrokes. Each cold
 * load is also taken apart (no budget): its markup parsed, its last field drawn, and the time from
 * there to idle, which says whether a load waits for its page to be drawn or for its scripts; and
 * its load to a quiet second, which counts scripts' work moved past the 200 ms quiet window too.
 *
 * BENCH_LOADS (default 5, at least 3) sets the rounds; BENCH_CPU_SLOWDOWN the slowdown.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiveServer } from '../tests/helpers/live-server';
import { overRounds, type BenchRow } from './bench-row';
import { bundleBreakdown } from './client/bundle-breakdown';
import { pageBytes, type PageBytes } from './client/bundle-bytes';
import { coldPage, cpuSlowdown, launchChromium, type ColdPage } from './client/chromium';
import { keystrokeFigure, withSpreads } from './client/client-rows';
import {
  keystrokeInstrumentation,
  typeInterleaved,
  type KeystrokeSample,
} from './client/keystrokes';
import { loadAlone, loadInstrumentation, loadPage, type PageLoad } from './client/page-load';
import { serveStatic, type StaticServer } from './client/static-server';
import { validatingPage } from './client/validating-page';
import { buildReferencePage, type ReferenceField } from './reference/reference-page';
import { readPageSpec } from './sixty-fields/page-spec';
import { buildProductCopy, startCopyServer } from './sixty-fields/product-copy';
import { fixtureDefinition } from './sixty-fields/product-fixture';
import { buildStaticPage } from './sixty-fields/static-page';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = path.join(root, 'dist/bench/sixty-fields');
const ROUNDS = Math.max(3, Number(process.env.BENCH_LOADS ?? 5));
/** How far down the page the second typed-into field is. */
const FURTHER = 30;

/** The pages loaded cold in each round, beside the signed-in page with errors showing. */
const coldTargets = ['product', 'reference', 'floor'] as const;
type ColdTarget = (typeof coldTargets)[number];
type Target = ColdTarget | 'errors';

interface Measured {
  loads: number[];
  /** Each round's load: markup parsed, and the last field drawn (PageLoad). */
  parsed: number[];
  drawn: number[];
  /**
   * Each round's load to a quiet second (PageLoad.settledMs): a page whose scripts run after the
   * load's 200 ms quiet window reads fast on `loads` alone, and slow here.
   */
  settled: number[];
  /** Where in each round the page was loaded: 1 to 3 cold, 4 the errors page. */
  positions: number[];
  first: KeystrokeSample[][];
  further: KeystrokeSample[][];
  bytes?: PageBytes;
  load?: PageLoad;
}

/** The first text field, the first text field at least 30 fields below it, and the last field. */
function fieldsToUse(fields: ReferenceField[]) {
  const firstIndex = fields.findIndex((f) => f.type === 'text');
  const further = fields.slice(firstIndex + FURTHER).find((f) => f.type === 'text');
  const first = fields[firstIndex];
  const last = fields.at(-1);
  if (!first || !further || !last)
    throw new Error(`The spec needs a text field ${FURTHER} fields below the first.`);
  const position = (f: ReferenceField) => fields.indexOf(f) + 1;
  return { first, further, last, distance: fields.indexOf(further) - firstIndex, position };
}

/**
 * A signed-in applicant's page with every error showing, loaded cold: validatingPage brings the
 * applicant to the refused submit; a fresh context with the same cookies then loads the page.
 */
async function errorsPage(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  server: LiveServer,
  init: string,
  url: string,
): Promise<{ cold: ColdPage; load: PageLoad }> {
  const refused = await validatingPage(browser, server, init);
  const cookies = await refused.context.cookies();
  await refused.context.close();
  const cold = await coldPage(browser, init);
  await cold.context.addCookies(cookies);
  const load = await loadPage(cold.page, url);
  if ((await cold.page.locator('.error-summary').count()) === 0)
    throw new Error(`${url} showed no error summary to an applicant whose submit was refused`);
  return { cold, load };
}

async function measure(
  urls: Record<Target, string>,
  server: LiveServer,
  keys: ReturnType<typeof fieldsToUse>,
): Promise<Record<Target, Measured>> {
  const measured = Object.fromEntries(
    [...coldTargets, 'errors'].map((t) => [
      t,
      { loads: [], parsed: [], drawn: [], settled: [], positions: [], first: [], further: [] },
    ]),
  ) as unknown as Record<Target, Measured>;
  const init = `${loadInstrumentation(keys.last.key)};${keystrokeInstrumentation}`;
  const browser = await launchChromium();
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      const record = round > 0;
      const order: Target[] = coldTargets.map((_, i) => coldTargets[(i + round) % 3]!);
      const opened = new Map<Target, ColdPage>();
      try {
        // Each timed load with no other page open in the browser (loadAlone).
        const loads: PageLoad[] = [];
        for (const target of order) loads.push(await loadAlone(browser, init, urls[target]));
        const errors = await errorsPage(browser, server, init, urls.errors);
        opened.set('errors', errors.cold);
        order.push('errors');
        loads.push(errors.load);
        // The pages typed into side by side, loaded again (untimed) beside the errors page.
        for (const target of coldTargets) {
          const cold = await coldPage(browser, init);
          opened.set(target, cold);
          await loadPage(cold.page, urls[target]);
        }
        const pages = order.map((target) => opened.get(target)!.page);
        const first = await typeInterleaved(pages, `#${keys.first.key}-input`);
        const further = await typeInterleaved(pages, `#${keys.further.key}-input`);
        if (!record) continue;
        order.forEach((target, i) => {
          const m = measured[target];
          m.loads.push(loads[i]!.ms);
          m.parsed.push(loads[i]!.parsedMs);
          m.drawn.push(loads[i]!.drawnMs);
          m.settled.push(loads[i]!.settledMs);
          m.positions.push(i + 1);
          m.load ??= loads[i];
          m.first.push(first[i]!);
          m.further.push(further[i]!);
        });
      } finally {
        for (const { context } of opened.values()) await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return measured;
}

const kb = (bytes: number | undefined) => (bytes === undefined ? NaN : bytes / 1000);

/**
 * Each round's load with where in its round the page was loaded (1st to 3rd cold, the errors
 * page 4th), so that a run's spread can be read: a slow round for every page, or one place.
 */
const eachRound = (side: Measured) =>
  side.loads.map((ms, i) => `${Math.round(ms)} (${side.positions[i]})`).join(', ');

/** The rows of one side against the hand-written page: load and typing, with their spreads. */
function sideRows(
  prefix: string,
  what: string,
  side: Measured,
  reference: Measured,
  keys: ReturnType<typeof fieldsToUse>,
): BenchRow[] {
  /** After the last field is drawn, until idle: the long tasks the load figure counts. */
  const busy = (m: Measured) => m.loads.map((ms, i) => ms - m.drawn[i]!);
  const rows = [
    withSpreads(
      {
        id: `${prefix}load.median`,
        name: `${what}: cold load to rendered and idle, median of ${side.loads.length} (${cpuSlowdown}× CPU)`,
        unit: 'ms',
        note: `each round's load, in the order of the rounds: ${eachRound(side)}; hand-written React ${eachRound(reference)}`,
      },
      overRounds(side.loads),
      overRounds(reference.loads),
    ),
    // Where the load's time goes (no budget): the markup parsed, the last field drawn, then busy;
    // and the load to a quiet second, which work moved past the quiet window does not escape.
    ...(
      [
        ['load.parsed', 'markup parsed (domInteractive)', (m: Measured) => m.parsed],
        ['load.drawn', 'last field drawn', (m: Measured) => m.drawn],
        ['load.busy', 'from the last field drawn to idle', busy],
        ['load.settled', 'cold load to no long task for 1 s', (m: Measured) => m.settled],
      ] as const
    ).map(([id, label, values]) =>
      withSpreads(
        { id: `${prefix}${id}`, name: `${what}: ${label}, median`, unit: 'ms' },
        overRounds(values(side)),
        overRounds(values(reference)),
      ),
    ),
  ];
  for (const [field, label] of [
    ['first', `${keys.first.key}, field ${keys.position(keys.first)}`],
    ['further', `${keys.further.key}, field ${keys.position(keys.further)}`],
  ] as const)
    for (const p of [50, 95])
      rows.push(
        withSpreads(
          {
            id: `${prefix}typing.${field}.p${p}`,
            name: `${what}: typing, ${label}: keydown→next frame p${p}`,
            unit: 'ms',
          },
          keystrokeFigure(side[field], 'frame', p),
          keystrokeFigure(reference[field], 'frame', p),
        ),
      );
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  const spec = readPageSpec();
  const definition = fixtureDefinition(spec);
  const { dir: productDist, sources } = buildProductCopy(spec);
  const { dir: referenceDist, fields } = await buildReferencePage(
    definition,
    path.join(workDir, 'reference'),
  );
  const keys = fieldsToUse(fields);
  const floorDist = await buildStaticPage(
    referenceDist,
    path.join(workDir, 'floor'),
    keys.last.key,
  );
  let product: LiveServer | undefined;
  let reference: StaticServer | undefined;
  let floor: StaticServer | undefined;
  try {
    product = await startCopyServer();
    reference = await serveStatic(referenceDist);
    floor = await serveStatic(floorDist);
    const urls: Record<Target, string> = {
      product: `${product.base}${definition.route}`,
      errors: `${product.base}${definition.route}`,
      reference: `${reference.base}/`,
      floor: `${floor.base}/`,
    };
    const m = await measure(urls, product, keys);
    const bytes = (side: Measured, dist: string) =>
      side.load ? pageBytes(side.load, dist) : undefined;
    const sizes = {
      product: bytes(m.product, productDist),
      errors: bytes(m.errors, productDist),
      reference: bytes(m.reference, referenceDist),
    };
    const largest = m.product.load
      ? bundleBreakdown(m.product.load, productDist)
          .slice(0, 10)
          .map((part) => `${part.owner} ${(part.gzip / 1000).toFixed(1)}`)
          .join(', ')
      : '';
    const fieldCount = `${fields.length} fields shown of ${spec.sections.flatMap((s) => s.fields).length}`;
    return [
      {
        id: 'size.js.gzip',
        name: `visitor's cold load (${fieldCount}): JavaScript, gzip`,
        value: kb(sizes.product?.js.gzip),
        reference: kb(sizes.reference?.js.gzip),
        unit: 'KB',
        note: [
          `the product built from ${sources}`,
          largest ? `largest parts, KB gzipped each on its own: ${largest}` : '',
        ]
          .filter(Boolean)
          .join('; '),
      },
      {
        id: 'size.js.gzip.errors',
        name: 'errors showing, cold load: JavaScript, gzip',
        value: kb(sizes.errors?.js.gzip),
        reference: kb(sizes.reference?.js.gzip),
        unit: 'KB',
      },
      {
        id: 'size.css.gzip',
        name: "visitor's cold load: CSS, gzip",
        value: kb(sizes.product?.css.gzip),
        reference: kb(sizes.reference?.css.gzip),
        unit: 'KB',
      },
      ...sideRows('', 'visitor', m.product, m.reference, keys),
      ...sideRows('errors.', 'errors showing', m.errors, m.reference, keys),
      ...sideRows('floor.', 'static HTML (the floor)', m.floor, m.reference, keys),
    ];
  } finally {
    await floor?.close();
    await reference?.close();
    await product?.dispose();
  }
}
