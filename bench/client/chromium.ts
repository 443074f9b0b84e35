/**
 * The system Chromium as every client benchmark drives it: the flags this machine needs, and
 * pages whose CPU is slowed through CDP (Emulation.setCPUThrottlingRate), each in a fresh
 * context so every load is cold (no HTTP cache, no storage).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine needs (no sandbox in the container, no GPU, nothing phoning home). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The slowdown, 4×; BENCH_CPU_SLOWDOWN overrides it (1 shows the machine unthrottled). */
export const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

export interface ColdPage {
  context: BrowserContext;
  page: Page;
}

/** A page in a new context, its CPU slowed before anything loads, with `init` run in each document. */
export async function coldPage(browser: Browser, init: string): Promise<ColdPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(init);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { context, page };
}
