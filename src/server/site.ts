import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of forms/site.json the server uses (mail sender and texts). */
export interface SiteSettings {
  university: { name: string; applicationTitle: string; helpEmail: string };
}

const siteFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../forms/site.json',
);

export function loadSite(file = siteFile): SiteSettings {
  return JSON.parse(readFileSync(file, 'utf8')) as SiteSettings;
}
