/**
 * The floor: the hand-written page's markup as plain HTML, with its style sheets and no script.
 * Taken from the built reference itself (rendered once in Chromium, its root's HTML kept), so the
 * floor draws exactly the reference's elements; typing into it costs only the browser's own work.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../client/chromium';
import { serveStatic } from '../client/static-server';

/** Builds the floor from the reference's build (`referenceDist`) into `dir`; returns `dir`. */
export async function buildStaticPage(
  referenceDist: string,
  dir: string,
  lastFieldId: string,
): Promise<string> {
  const server = await serveStatic(referenceDist);
  const browser = await launchChromium();
  let markup: string;
  try {
    const page = await browser.newPage();
    await page.goto(`${server.base}/`);
    await page.locator(`#${lastFieldId}`).waitFor();
    markup = await page.locator('#root').innerHTML();
  } finally {
    await browser.close();
    await server.close();
  }
  rmSync(dir, { recursive: true, force: true });
  cpSync(referenceDist, dir, { recursive: true, filter: (from) => !/\.js(\.\w+)?$/.test(from) });
  const html = readFileSync(path.join(referenceDist, 'index.html'), 'utf8')
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('(reference)', '(static HTML)')
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  if (html.includes('<script')) throw new Error('The static page still holds a script.');
  writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
}
