import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { JobQueue } from '../jobs/job-queue';
import type { JobHandler } from '../jobs/job-runner';
import type { PageDefinition } from '../../engine/definitions';
import { readOnlyDocument, type ReadOnlyTexts } from '../../engine/read-only-document';
import { sourceLocale, type Locale } from '../../contract/locale';
import { dateText, text } from '../i18n/server-i18n';
import { listLabelsIn } from '../../forms/forms-in-language';
import type { BlobStore } from '../blobs/blob-store';
import { isSubmitted } from '../application/account-lock';
import type { ApplicationPdfInput } from './application-pdf';
import { ConversionError } from '../conversion/conversion-messages';
import { runInWorker } from '../conversion/isolation';
import { defaultDocumentLimits, type DocumentLimits } from '../conversion/limits';
import { PermanentJobError } from '../jobs/job-runner';
import type { DocumentService } from '../uploads/document-service';
import { pdfTexts } from './pdf-texts';
import { readSnapshot, type PdfKind, type Snapshot, type SnapshotReads } from './pdf-snapshot';

type PdfRow = Database['application_pdfs'];

/** GET /api/pdf's answer (SPEC §3 "PDF status response"). */
export interface PdfStatus {
  status: PdfRow['status'];
  /** Where to download it once COMPLETED; '' before. */
  url: string;
  message: string;
}

export interface BuildPayload {
  accountId: string;
  kind: PdfKind;
  buildId: string;
}

export const BUILD_APPLICATION_PDF = 'build-application-pdf';
const PDF_FILE_URL = '/api/pdf/file';
/** A failed build is tried again when asked for after this long. */
const RETRY_FAILED_AFTER_MS = 5 * 60 * 1000;

interface PdfSite {
  name: string;
  applicationTitle: string;
}

/** The read-only document's own words in a language (yes and no, a document's note, dates). */
function readOnlyTexts(locale: Locale): ReadOnlyTexts {
  return {
    yes: text(locale, 'pdf.yes'),
    no: text(locale, 'pdf.no'),
    documentNote: (fileName) =>
      fileName
        ? text(locale, 'pdf.documentAttachedNamed', { fileName })
        : text(locale, 'pdf.documentAttached'),
    date: (year, month, day) => dateText(locale, year, month, day),
  };
}

const pdfMessages = {
  UNPROCESSED: pdfTexts.statusPreparing,
  IN_PROGRESS: pdfTexts.statusPreparing,
  COMPLETED: pdfTexts.statusReady,
  FAILED: pdfTexts.statusFailed,
} as const;

export interface ApplicationPdfServiceDeps {
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  clock: Clock;
  documents: DocumentService;
  /** The answers, choices and e-mail the PDF shows. */
  application: SnapshotReads;
  forms: {
    pages: readonly PageDefinition[];
    version: string;
    pagesIn?(locale: Locale): readonly PageDefinition[];
  };
  site: PdfSite;
  /** The university's name and title in a language other than English (the site's translation). */
  siteIn?(locale: Locale): PdfSite;
  limits?: DocumentLimits;
}

/**
 * The applicant's PDF copy, built by a job: a draft rebuilt whenever what it shows changed since
 * its last build (compared by hash), and after submission a copy built once from the frozen
 * answers, kept and served from then on; beside it the staff packet, built once from the same
 * answers in English.
 */
export class ApplicationPdfService {
  constructor(private readonly deps: ApplicationPdfServiceDeps) {}

  /** Where the applicant's PDF stands, asking for a build when it is missing or out of date. */
  async status(accountId: string): Promise<PdfStatus> {
    return this.statusOf(accountId, await this.applicantKind(accountId));
  }

  /**
   * Where the staff packet of a submitted application stands: the frozen answers in English
   * (issue 40: the staff side stays English), asked for when missing, as for an application
   * submitted before the packet was built apart from the applicant's copy.
   */
  packetStatus(accountId: string): Promise<PdfStatus> {
    return this.statusOf(accountId, 'packet');
  }

  /**
   * Asks for the copy frozen at submission and the staff packet (called once the application is
   * submitted).
   */
  async freeze(accountId: string): Promise<void> {
    for (const kind of ['final', 'packet'] as const) {
      if (await this.row(accountId, kind)) continue;
      await this.enqueue(accountId, kind, (await this.snapshot(accountId, kind)).hash);
    }
  }

  /** The PDF to download: the frozen copy after submission, else the current draft. */
  async file(accountId: string): Promise<Uint8Array | undefined> {
    return this.fileOf(accountId, await this.applicantKind(accountId));
  }

  /** The staff packet once built. */
  packetFile(accountId: string): Promise<Uint8Array | undefined> {
    return this.fileOf(accountId, 'packet');
  }

  /**
   * Renders the PDF of what the applicant's answers are now (or were, when submitted): the answers
   * and documents are read here, the PDF is laid out in a conversion process (isolation.ts) within the
   * page, byte, time and memory limits. Throws ConversionError (applicationTooLarge, tooSlow…).
   */
  async render(
    accountId: string,
    kind: PdfKind,
    signal?: AbortSignal,
  ): Promise<{ bytes: Uint8Array; hash: string }> {
    const limits = this.deps.limits ?? defaultDocumentLimits;
    const { forms, blobs, clock } = this.deps;
    const snapshot = await this.snapshot(accountId, kind);
    // The applicant's copy is in the account's language (the pages' texts, the document's own words
    // and its dates); the staff packet is in English and names the applicant's language.
    const applicantLanguage = snapshot.language;
    const language = kind === 'packet' ? sourceLocale : applicantLanguage;
    const english = language === 'en';
    const site = english ? this.deps.site : (this.deps.siteIn?.(language) ?? this.deps.site);
    const documents = Object.fromEntries(
      snapshot.documents.map((d) => [d.answerKey, { file_name: d.fileName }]),
    );
    const pages = readOnlyDocument(
      english ? forms.pages : (forms.pagesIn?.(language) ?? forms.pages),
      snapshot.state,
      {
        documents,
        now: clock.now(),
        ...(english ? {} : { texts: readOnlyTexts(language), listLabels: listLabelsIn(language) }),
      },
    );
    const attachments: Array<{ title: string; pdf: Uint8Array }> = [];
    for (const row of pages.flatMap((p) => p.sections.flatMap((s) => s.rows))) {
      const document = snapshot.documents.find((d) => d.answerKey === row.key);
      const pdf = document && (await blobs.get(document.pdfKey));
      const title = () =>
        text(language, 'pdf.attachment', { label: row.label, fileName: document?.fileName ?? '' });
      if (document && pdf) attachments.push({ title: title(), pdf });
    }
    const { answers } = snapshot.state;
    const input: ApplicationPdfInput = {
      locale: language,
      ...(kind === 'packet' ? { applicantLanguage } : {}),
      universityName: site.name,
      applicationTitle: site.applicationTitle,
      applicant: {
        name: [answers.first_name, answers.last_name].filter(Boolean).join(' '),
        email: snapshot.username,
      },
      generatedAt: clock.now(),
      submittedAt: snapshot.submittedAt,
      pages,
      attachments,
    };
    const bytes = await runInWorker(
      {
        task: 'application-pdf',
        bytes: new Uint8Array(),
        input,
        maxPages: limits.maxApplicationPages,
        maxBytes: limits.maxApplicationBytes,
      },
      { timeoutMs: limits.timeoutMs, memoryMb: limits.workerMemoryMb, signal },
    );
    return { bytes, hash: snapshot.hash };
  }

  /** The job that builds a PDF asked for by status() or freeze(). */
  buildJob(timeoutMs = 60_000): JobHandler<BuildPayload> {
    const { db, blobs, clock } = this.deps;
    const where = (p: BuildPayload) =>
      db
        .updateTable('application_pdfs')
        .where('account_id', '=', p.accountId)
        .where('kind', '=', p.kind)
        .where('build_id', '=', p.buildId);
    return {
      timeoutMs,
      run: async (payload, { signal }) => {
        const row = await this.row(payload.accountId, payload.kind);
        if (row?.build_id !== payload.buildId) return;
        const now = () => clock.now().toISOString();
        await where(payload).set({ status: 'IN_PROGRESS', updated_at: now() }).execute();
        let rendered: { bytes: Uint8Array; hash: string };
        try {
          rendered = await this.render(payload.accountId, payload.kind, signal);
        } catch (error) {
          // Too large or too slow is so again at once: FAILED now, asked again after a while.
          if (error instanceof ConversionError) throw new PermanentJobError(error.message);
          throw error;
        }
        const { bytes, hash } = rendered;
        if (signal.aborted) return;
        const key = `pdfs/${payload.accountId}/${payload.kind}-${payload.buildId}.pdf`;
        await blobs.put(key, bytes, 'application/pdf');
        const result = await where(payload)
          .set({
            status: 'COMPLETED',
            pdf_key: key,
            state_hash: hash,
            message: pdfMessages.COMPLETED,
            updated_at: now(),
          })
          .executeTakeFirst();
        // Superseded meanwhile: drop this build. Otherwise drop the build it replaces.
        if (Number(result.numUpdatedRows) !== 1) await blobs.delete(key);
        else if (row.pdf_key && row.pdf_key !== key) await blobs.delete(row.pdf_key);
      },
      failed: async (payload, failure) => {
        await where(payload)
          .set({
            status: 'FAILED',
            message: failure.permanent ? failure.message : pdfMessages.FAILED,
            updated_at: clock.now().toISOString(),
          })
          .execute();
      },
    };
  }

  private async applicantKind(accountId: string): Promise<PdfKind> {
    return (await isSubmitted(this.deps.db, accountId)) ? 'final' : 'draft';
  }

  private async statusOf(accountId: string, kind: PdfKind): Promise<PdfStatus> {
    const row = await this.row(accountId, kind);
    const retry =
      row?.status === 'FAILED' &&
      this.deps.clock.now().getTime() - new Date(row.updated_at).getTime() >= RETRY_FAILED_AFTER_MS;
    // A frozen copy (final, packet) is built once; a draft again when what it shows changed.
    if (kind !== 'draft') {
      if (row && !retry) return present(row);
      return this.enqueue(accountId, kind, (await this.snapshot(accountId, kind)).hash);
    }
    const { hash } = await this.snapshot(accountId, kind);
    if (row && row.state_hash === hash && !retry) return present(row);
    return this.enqueue(accountId, kind, hash);
  }

  private async fileOf(accountId: string, kind: PdfKind): Promise<Uint8Array | undefined> {
    const row = await this.row(accountId, kind);
    if (row?.status !== 'COMPLETED' || !row.pdf_key) return undefined;
    return this.deps.blobs.get(row.pdf_key);
  }

  private async enqueue(accountId: string, kind: PdfKind, hash: string): Promise<PdfStatus> {
    const { db, queue, clock } = this.deps;
    const buildId = randomUUID();
    const values = {
      build_id: buildId,
      status: 'UNPROCESSED' as const,
      state_hash: hash,
      message: pdfMessages.UNPROCESSED,
      updated_at: clock.now().toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('application_pdfs')
        .values({ account_id: accountId, kind, pdf_key: null, ...values })
        .onConflict((oc) => oc.columns(['account_id', 'kind']).doUpdateSet(values))
        .execute();
      const payload: BuildPayload = { accountId, kind, buildId };
      await queue.enqueue(BUILD_APPLICATION_PDF, payload, { owner: accountId }, trx);
    });
    return { status: 'UNPROCESSED', url: '', message: pdfMessages.UNPROCESSED };
  }

  private row(accountId: string, kind: PdfKind) {
    return this.deps.db
      .selectFrom('application_pdfs')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  private snapshot(accountId: string, kind: PdfKind): Promise<Snapshot> {
    const { application, documents, forms, db } = this.deps;
    const languageOf = async (id: string): Promise<Locale> => {
      const row = await db
        .selectFrom('accounts')
        .select('language')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.language ?? sourceLocale;
    };
    return readSnapshot(
      { application, documents, formsVersion: forms.version, languageOf },
      accountId,
      kind,
    );
  }
}

function present(row: PdfRow): PdfStatus {
  return {
    status: row.status,
    url: row.status === 'COMPLETED' ? PDF_FILE_URL : '',
    // A build refused for a limit says which; any other failure has the general text.
    message: row.status === 'FAILED' && row.message ? row.message : pdfMessages[row.status],
  };
}
