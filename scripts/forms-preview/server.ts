/**
 * The forms:preview server: node:http on 127.0.0.1, reading forms/ and schemas/ afresh on every
 * request, and telling open pages to reload (server-sent events) when a file in either folder is
 * saved. No dependency: fs.watch and an EventSource are enough for one author's browser.
 */
import { watch, type FSWatcher } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { PageDefinition } from '../../src/engine/definitions';
import { loadProject, pageSchemaName } from '../forms-check/project';
import { offsetLocation } from '../forms-check/source-file';
import { renderError, renderIndex, renderPage } from './render';

export interface PreviewOptions {
  formsDir: string;
  schemasDir: string;
  /** 0 picks a free port. */
  port: number;
}

export interface Preview {
  url: string;
  close(): Promise<void>;
}

type Loaded =
  | { ok: true; pages: PageDefinition[]; schemas: Map<string, unknown> }
  | { ok: false; problems: Array<{ where: string; message: string }> };

const isPage = (json: unknown): json is PageDefinition =>
  typeof json === 'object' &&
  json !== null &&
  typeof (json as PageDefinition).id === 'string' &&
  Array.isArray((json as PageDefinition).sections);

/** Reads the folders; any file that is not JSON, or a page that is not a page, is a problem. */
function load(options: PreviewOptions): Loaded {
  const project = loadProject(options);
  const problems: Array<{ where: string; message: string }> = [];
  for (const file of [...project.pages, ...project.schemas.values()]) {
    for (const error of file.syntaxErrors) {
      const { line, column } = offsetLocation(file.text, error.offset);
      problems.push({
        where: `${file.path}:${line}:${column}`,
        message: `not valid JSON (${error.message})`,
      });
    }
  }
  for (const file of project.pages)
    if (file.syntaxErrors.length === 0 && !isPage(file.json))
      problems.push({
        where: file.path,
        message: 'not a page definition: it needs an "id" and "sections"',
      });
  if (problems.length) return { ok: false, problems };
  const schemas = new Map([...project.schemas].map(([name, file]) => [name, file.json]));
  return { ok: true, pages: project.pages.map((f) => f.json as PageDefinition), schemas };
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(html);
}

/** Starts the preview; resolves once it listens. */
export function startPreview(options: PreviewOptions): Promise<Preview> {
  const clients = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    const loaded = load(options);
    // 422: the request was fine, the files are not; the page still reloads once they are fixed.
    if (!loaded.ok) return send(res, 422, renderError(loaded.problems));
    if (url.pathname === '/') return send(res, 200, renderIndex(loaded.pages));
    const id = url.pathname.startsWith('/page/') ? decodeURIComponent(url.pathname.slice(6)) : '';
    const page = loaded.pages.find((p) => p.id === id);
    if (!page)
      return send(res, 404, renderError([{ where: url.pathname, message: 'no such page' }]));
    try {
      send(res, 200, renderPage(page, loaded.schemas.get(pageSchemaName(page.id))));
    } catch (error) {
      // Valid JSON can still break the language (a question without its fields): say so, keep serving.
      send(
        res,
        422,
        renderError([
          {
            where: `page ${page.id}`,
            message: `${(error as Error).message} (run npm run forms:check)`,
          },
        ]),
      );
    }
  });

  let timer: NodeJS.Timeout | undefined;
  const reload = () => {
    // Editors save in several writes: one reload for the lot.
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const client of clients) client.write('data: reload\n\n');
    }, 100);
  };
  const watchers: FSWatcher[] = [options.formsDir, options.schemasDir].map((dir) =>
    watch(path.resolve(dir), reload),
  );

  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      for (const w of watchers) w.close();
      reject(error);
    });
    server.listen(options.port, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => {
          clearTimeout(timer);
          for (const w of watchers) w.close();
          for (const client of clients) client.end();
          return new Promise<void>((done) => server.close(() => done()));
        },
      });
    });
  });
}
