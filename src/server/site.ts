import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from './app-root';

/** The parts of forms/site.json the server uses (mail sender and texts). */
export interface SiteSettings {
  university: { name: string; applicationTitle: string; helpEmail: string };
}

const siteFile = path.join(appRoot, 'forms', 'site.json');

export function loadSite(file = siteFile): SiteSettings {
  return JSON.parse(readFileSync(file, 'utf8')) as SiteSettings;
}
