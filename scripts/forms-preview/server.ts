/**
 * The forms:preview server: node:http on 127.0.0.1, with two views of every page: the applicant's
 * page (/applicant/<id>, drawn in the browser by the product's own components, see state.ts and
 * vite-host.ts) and the specification sheet (/page/<id>, read from forms/ and schemas/ afresh on
 * every request). When a file in either folder is saved, the validators are compiled again and
 * forms:check runs, then open pages are told to reload (server-sent events).
 */
import { watch, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pageSchemaName } from '../forms-check/project';
import { load } from './load-definitions';
import { renderError, renderIndex, renderPage } from './render';
import { PreviewContent } from './preview-content';

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

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(html);
}

/** Starts the preview; resolves once it listens. */
export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const clients = new Set<ServerResponse>();
  // The server first: Vite's websocket shares it.
  const server = createServer();
  const content = new PreviewContent(options, server);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/preview/state.json') {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      return res.end(JSON.stringify(content.state()));
    }
    if (url.pathname.startsWith('/applicant/')) {
      void content.shell(url.pathname).then(
        (html) => send(res, 200, html),
        (error: Error) =>
          send(res, 500, renderError([{ where: 'preview', message: error.message }])),
      );
      return;
    }
    if (url.pathname === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (url.pathname !== '/' && !url.pathname.startsWith('/page/'))
      return void content
        .vite()
        .then((vite) =>
          vite.middlewares(req, res, () =>
            send(res, 404, renderError([{ where: url.pathname, message: 'no such page' }])),
          ),
        );
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
      // Compiled and checked before the pages are told, so their reload finds the new state ready.
      content.changed();
      for (const client of clients) client.write('data: reload\n\n');
    }, 30);
  };
  const watchers: FSWatcher[] = [options.formsDir, options.schemasDir].map((dir) =>
    watch(path.resolve(dir), reload),
  );

  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      for (const w of watchers) w.close();
      void content.close();
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
          server.closeAllConnections();
          return Promise.all([
            content.close(),
            new Promise<void>((done) => server.close(() => done())),
          ]).then(() => undefined);
        },
      });
    });
  });
}
