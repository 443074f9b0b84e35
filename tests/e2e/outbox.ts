import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config';

/** Without SMTP the server writes every message as an .eml file here. */
const outboxDir = path.resolve(e2eDataDir, 'outbox');

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decode(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return part.body;
  const bytes = part.body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded text/plain body of a message, looking inside multipart messages. */
function plainTextOf(raw: string): string {
  const part = parsePart(raw);
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const text = plainTextOf(section.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  return type.toLowerCase().startsWith('text/plain') ? decode(part) : '';
}

/** The newest message to `address` whose text matches `pattern`; waits for it to be written. */
export async function waitForMail(address: string, pattern: RegExp): Promise<RegExpExecArray> {
  let match: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        match = await newestMatch(address, pattern);
        return match !== null;
      },
      { message: `an e-mail to ${address} matching ${pattern}`, timeout: 15_000 },
    )
    .toBe(true);
  return match as unknown as RegExpExecArray;
}

async function newestMatch(address: string, pattern: RegExp): Promise<RegExpExecArray | null> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => {
        const file = path.join(outboxDir, name);
        return { file, modified: (await stat(file)).mtimeMs };
      }),
  );
  files.sort((a, b) => b.modified - a.modified || b.file.localeCompare(a.file));
  for (const { file } of files) {
    const raw = await readFile(file, 'utf8');
    const to = parsePart(raw).headers.get('to') ?? '';
    if (!to.toLowerCase().includes(address.toLowerCase())) continue;
    return pattern.exec(plainTextOf(raw));
  }
  return null;
}
