/**
 * What the applicant's view is served from, rebuilt once per save: the definitions, the page
 * validators compiled from the author's schemas (the product's compiler, scripts/build-validators),
 * forms:check's findings, and the Vite server that hands the browser the product's components.
 */
import type { Server as HttpServer } from 'node:http';
import type { ViteDevServer } from 'vite';
import type { PreviewState } from '../../src/client/preview/preview-state';
import { exportName } from '../build-validators';
import { checkForms } from '../forms-check/check-project';
import { load } from './load-definitions';
import { pageValidatorCompiler } from './page-validators';
import { previewContent } from './state';
import { startVite, validatorModuleUrl, type CompiledSet } from './vite-host';

interface ContentOptions {
  formsDir: string;
  schemasDir: string;
}

const shellHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>forms:preview</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/client/preview/main.tsx"></script>
  </body>
</html>`;

/**
 * Started on first use: the specification sheet (and forms:screenshots, which shows it) needs
 * neither Vite nor the checks, so a preview nobody opens the applicant's page of costs nothing.
 */
export class PreviewContent {
  private version = 0;
  /** The state of the last refresh; undefined until asked for, or after a save nobody saw. */
  private current: PreviewState | undefined;
  private readonly compileValidators: ReturnType<typeof pageValidatorCompiler>;
  /** What Vite serves the validator modules from, replaced at each refresh. */
  private compiled: CompiledSet = { version: 0, modules: {} };
  private started: Promise<ViteDevServer> | undefined;

  constructor(
    private readonly options: ContentOptions,
    /** The preview's server, which Vite's websocket shares. */
    private readonly server: HttpServer,
  ) {
    this.compileValidators = pageValidatorCompiler(options.schemasDir);
  }

  /** The Vite server, started on first use. */
  vite(): Promise<ViteDevServer> {
    return (this.started ??= startVite(() => this.compiled, this.server));
  }

  /** The state of the last refresh (made now if there is none). */
  state(): PreviewState {
    if (!this.current) this.refresh();
    return this.current!;
  }

  /** After a save: reads the folders again at once while an applicant's page may be open. */
  changed(): void {
    this.current = undefined;
    if (this.started) this.refresh();
  }

  /** Reads the folders again: compiles the validators, runs forms:check. */
  private refresh(): void {
    const version = ++this.version;
    const loaded = load(this.options);
    if (!loaded.ok) {
      this.current = { ok: false, version, problems: loaded.problems };
      return;
    }
    const compiled = this.compileValidators(loaded.pages.map((page) => page.id));
    this.compiled = compiled;
    const findings = checkForms({ ...this.options, now: new Date() });
    const validatorUrl = (pageId: string) => {
      const name = exportName(`${pageId}.schema.json`);
      return name in compiled.modules ? validatorModuleUrl(compiled.version, name) : undefined;
    };
    const sources = loaded.pages.map((definition, i) => ({ definition, file: loaded.files[i]! }));
    try {
      const schemas = [...loaded.schemas.values()];
      const content = previewContent(sources, schemas, findings, validatorUrl, new Date());
      this.current = { ok: true, version, ...content, translations: loaded.translations };
    } catch (error) {
      // Valid JSON can still break the language (a question without its fields): the findings say why.
      const problems = findings.map((f) => ({ where: f.file, message: f.message }));
      problems.push({ where: 'forms:preview', message: (error as Error).message });
      this.current = { ok: false, version, problems };
    }
  }

  /** The applicant's view's HTML, with what Vite adds to a page (React's refresh preamble). */
  async shell(url: string): Promise<string> {
    return (await this.vite()).transformIndexHtml(url, shellHtml);
  }

  async close(): Promise<void> {
    if (this.started) await (await this.started).close();
  }
}
