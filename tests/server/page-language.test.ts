import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { pageLocale } from '../../src/server/client-shell';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { scratchDir } from '../helpers/scratch-dir';

const page = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><div id="root"></div></body></html>`;

describe("the page's language (issue 40)", () => {
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    const dataDir = scratchDir('admissions-page-language');
    const clientDir = path.join(dataDir, 'client');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), page('en', 'English page'));
    writeFileSync(path.join(clientDir, 'index.es.html'), page('es', 'Página en español'));
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    db = await openDatabase({ url: '', dataDir });
    app = await buildApp({ config, db, clientDir, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('follows the browser on a first visit, and the lang cookie once chosen', async () => {
    expect((await get('/about')).body).toContain('<html lang="en"><head><title>English page');
    const spanishBrowser = await get('/about', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(spanishBrowser.body).toContain('<html lang="es"><head><title>Página en español');
    const chosen = await get('/login', { cookie: 'lang=es' });
    expect(chosen.body).toContain('<html lang="es">');
    const chosenEnglish = await get('/about', { cookie: 'lang=en', 'accept-language': 'es' });
    expect(chosenEnglish.body).toContain('<html lang="en">');
  });

  it('keeps the staff console in English, whatever the visitor chose', async () => {
    const staff = await get('/staff/login', { cookie: 'lang=es', 'accept-language': 'es' });
    expect(staff.body).toContain('<html lang="en">');
    const serviceView = await get('/about?service_token=t', { cookie: 'lang=es' });
    expect(serviceView.body).toContain('<html lang="en">');
  });

  it('tells caches the page differs by cookie and Accept-Language', async () => {
    const response = await get('/about');
    expect(response.headers.vary).toMatch(/Cookie/);
    expect(response.headers.vary).toMatch(/Accept-Language/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('ignores a lang cookie that names no language of ours', () => {
    expect(pageLocale('/about', 'fr', 'es')).toBe('es');
    expect(pageLocale('/about', 'xx', undefined)).toBe('en');
    expect(pageLocale('/staff', 'es', 'es')).toBe('en');
    expect(pageLocale('/staffing', 'es')).toBe('es');
    expect(pageLocale('/about?service_token=abc', 'es', 'es')).toBe('en');
    expect(pageLocale('/about?other=1', 'es')).toBe('es');
  });
});
