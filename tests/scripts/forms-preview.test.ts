import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../scripts/forms-preview/server';

const root = path.resolve(import.meta.dirname, '../..');

describe('forms:preview', () => {
  let dir: string;
  let preview: Preview;
  const about = () => path.join(dir, 'forms/about.json');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'forms-preview-'));
    cpSync(path.join(root, 'forms'), path.join(dir, 'forms'), { recursive: true });
    cpSync(path.join(root, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
    preview = await startPreview({
      port: 0,
      formsDir: path.join(dir, 'forms'),
      schemasDir: path.join(dir, 'schemas'),
    });
  });
  afterAll(async () => {
    await preview.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the pages and binds to 127.0.0.1', async () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const html = await (await fetch(preview.url)).text();
    expect(html).toContain('<a href="/page/about">About You</a>');
    expect(html).toContain('<a href="/page/final-steps">Final Steps</a>');
  });

  it('shows every branch with its condition, and each key with its rules and exact messages', async () => {
    const res = await fetch(`${preview.url}/page/about`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // A question a condition shows, and the branch of a yes-no, both written out.
    expect(html).toContain('Shown when citizenship_type is &quot;PR&quot;');
    expect(html).toContain('branch &quot;then&quot; of legacy_ind');
    expect(html).toContain('Shown when legacy_ind is &quot;Y&quot;');
    expect(html).toContain('<span class="key">legacy_first_name</span>');
    // The rule beside the message an applicant sees when it fails.
    expect(html).toContain(
      '<td class="rule">minAge: 13</td><td><span class="msg">You must be 13 years or older to apply</span></td>',
    );
    // A cross-field rule names the keys its condition reads.
    expect(html).toContain(
      '<td class="rule">required: true <span class="cond">(if optin_sms_ind)</span></td><td><span class="msg">A cell phone number is required to receive text message updates.</span></td>',
    );
  });

  it('tells open pages to reload when a form file is saved', async () => {
    const controller = new AbortController();
    const res = await fetch(`${preview.url}/events`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = decoder.decode((await reader.read()).value);
    expect(received).toContain(': connected');
    writeFileSync(about(), readFileSync(about(), 'utf8'));
    const deadline = Date.now() + 5000;
    while (!received.includes('data: reload') && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<undefined>((resolve) => setTimeout(resolve, deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) break;
      received += decoder.decode(chunk.value);
    }
    controller.abort();
    expect(received).toContain('data: reload');
  });

  it('shows a clear error page for a form that is not valid JSON, and the page once fixed', async () => {
    const good = readFileSync(about(), 'utf8');
    writeFileSync(about(), good.replace('"id": "about",', '"id": "about"'));
    try {
      const res = await fetch(`${preview.url}/page/about`);
      expect(res.status).toBe(422);
      const html = await res.text();
      expect(html).toContain('The forms cannot be shown');
      expect(html).toMatch(/about\.json:4:3<\/strong>: not valid JSON \(CommaExpected\)/);
      expect(html).toContain("new EventSource('/events')");
    } finally {
      writeFileSync(about(), good);
    }
    expect((await fetch(`${preview.url}/page/about`)).status).toBe(200);
  });

  it('says so for a page that does not exist', async () => {
    const res = await fetch(`${preview.url}/page/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('no such page');
  });
});
