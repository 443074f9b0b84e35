import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import { JobQueue } from './jobs/job-queue';
import type { JobHandler } from './jobs/job-runner';
import type { FormsRuntime } from './application/forms-runtime';
import { ApplicationPdfService, BUILD_APPLICATION_PDF } from './pdf/application-pdf-service';
import { siteConfigIn } from '../forms/forms-in-language';
import type { BlobStore } from './blobs/blob-store';
import { conversionJob } from './conversion/conversion-job';
import { conversionTools, type ConversionTools } from './conversion/convert-document';
import { chooseDocxConverter, type DocxConverter } from './conversion/convert-docx';
import { CONVERT_DOCUMENT, DocumentService } from './uploads/document-service';
import { createBlobStore } from './blobs/create-blob-store';
import { ApplicationService } from './application/application-service';
import { SecretHasher } from './identity/secrets';

/** Everything documents need, built once and shared by the server and the workers. */
export interface Documents {
  blobs: BlobStore;
  queue: JobQueue;
  documents: DocumentService;
  pdfs: ApplicationPdfService;
  docx: DocxConverter;
  /** How LibreOffice and Ghostscript are boxed in on this machine (sandbox.ts), for the start log. */
  sandbox: string;
  /** The job handlers a JobRunner runs, by job kind. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler types its own payload
  handlers: Record<string, JobHandler<any>>;
}

export interface DocumentsDeps {
  config: Config;
  db: Db;
  clock: Clock;
  forms: FormsRuntime;
  site: { university: { name: string; applicationTitle: string } };
  /** Replaces the blob store the configuration names (tests). */
  blobs?: BlobStore;
  /** Replaces the DOCX converter found on this machine (tests). */
  docx?: DocxConverter;
}

/** Builds the blob store, the queue, the services and the job handlers from the configuration. */
export function createDocuments(deps: DocumentsDeps): Documents {
  const { config, db, clock, forms } = deps;
  const blobs = deps.blobs ?? createBlobStore(config, clock);
  const queue = new JobQueue(db, clock);
  const limits = config.documentLimits;
  // Found on first use (detecting the sandbox runs a program), then kept.
  let found: ConversionTools | undefined;
  const tools = (): ConversionTools => {
    if (found) return found;
    const detected = conversionTools();
    found =
      config.conversionSandbox === 'auto'
        ? detected
        : { ...detected, sandbox: config.conversionSandbox };
    return found;
  };
  const docx =
    deps.docx ??
    chooseDocxConverter(process.env.PATH ?? '', {
      timeoutMs: limits.timeoutMs,
      memoryMb: limits.processMemoryMb,
      maxPages: limits.maxPages,
      ...(config.conversionSandbox === 'auto' ? {} : { sandbox: config.conversionSandbox }),
    });
  const documents = new DocumentService({ db, blobs, queue, clock, fileKeys: forms.fileKeys });
  const pdfs = new ApplicationPdfService({
    db,
    blobs,
    queue,
    clock,
    documents,
    // The PDF only reads through it; the hasher is for visitor answers, which it never touches.
    application: new ApplicationService(db, new SecretHasher(config.sessionSecret), clock),
    forms,
    site: deps.site.university,
    siteIn: (locale) => siteConfigIn(locale).university,
    limits,
  });
  return {
    blobs,
    queue,
    documents,
    pdfs,
    docx,
    get sandbox() {
      const { sandbox, ghostscript } = tools();
      return `${sandbox}${ghostscript ? '' : ', no Ghostscript'}`;
    },
    handlers: {
      [CONVERT_DOCUMENT]: conversionJob({ documents, blobs, docx, limits, tools }),
      // The build's own deadline comes first, so the runner's timeout is only a backstop.
      [BUILD_APPLICATION_PDF]: pdfs.buildJob(limits.timeoutMs + 30_000),
    },
  };
}
