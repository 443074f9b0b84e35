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
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/client/preview/main.tsx"></script>
  </body>
</html>`;

export class PreviewContent {
  private version = 0;
  private current: PreviewState = { ok: false, version: 0, problems: [] };
  private readonly compileValidators: ReturnType<typeof pageValidatorCompiler>;

  private constructor(
    private readonly options: ContentOptions,
    readonly vite: ViteDevServer,
    /** What Vite serves the validator modules from, replaced at each refresh. */
    private readonly compiled: { set: CompiledSet },
  ) {
    this.compileValidators = pageValidatorCompiler(options.schemasDir);
  }

  static async start(options: ContentOptions, server: HttpServer): Promise<PreviewContent> {
    const compiled = { set: { version: 0, modules: {} } };
    const vite = await startVite(() => compiled.set, server);
    const content = new PreviewContent(options, vite, compiled);
    content.refresh();
    return content;
  }

  /** The state of the last refresh. */
  state(): PreviewState {
    return this.current;
  }

  /** Reads the folders again: compiles the validators, runs forms:check. */
  refresh(): void {
    const version = ++this.version;
    const loaded = load(this.options);
    if (!loaded.ok) {
      this.current = { ok: false, version, problems: loaded.problems };
      return;
    }
    const compiled = this.compileValidators(loaded.pages.map((page) => page.id));
    this.compiled.set = compiled;
    const findings = checkForms({ ...this.options, now: new Date() });
    const validatorUrl = (pageId: string) => {
      const name = exportName(`${pageId}.schema.json`);
      return name in compiled.modules ? validatorModuleUrl(compiled.version, name) : undefined;
    };
    const sources = loaded.pages.map((definition, i) => ({ definition, file: loaded.files[i]! }));
    try {
      const schemas = [...loaded.schemas.values()];
      const content = previewContent(sources, schemas, findings, validatorUrl, new Date());
      this.current = { ok: true, version, ...content };
    } catch (error) {
      // Valid JSON can still break the language (a question without its fields): the findings say why.
      const problems = findings.map((f) => ({ where: f.file, message: f.message }));
      problems.push({ where: 'forms:preview', message: (error as Error).message });
      this.current = { ok: false, version, problems };
    }
  }

  /** The applicant's view's HTML, with what Vite adds to a page (React's refresh preamble). */
  shell(url: string): Promise<string> {
    return this.vite.transformIndexHtml(url, shellHtml);
  }

  close(): Promise<void> {
    return this.vite.close();
  }
}
