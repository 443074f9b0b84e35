import type { Locale } from '../../contract/locale';
import type { Answers, FormState, PageDefinition } from '../../engine/definitions';

/** The definitions of one version, as a snapshot keeps them (definition_snapshots). */
export interface DefinitionSet {
  pages: readonly PageDefinition[];
  /** schemas/*.json by file name. */
  schemas: Record<string, unknown>;
}

/** What the server needs to know of the form definitions: their version, keys and rules. */
export interface FormsRuntime {
  /** A hash of forms/ and schemas/, frozen with each submission. */
  version: string;
  /** The readable label of this edition (forms/site.json `version`; the hash when it has none). */
  label: string;
  /** The pages and schemas of this version, kept once per version so old drafts can be compared. */
  definitions: DefinitionSet;
  /** Every answer key of the data model; answers outside it are refused. */
  knownKeys: ReadonlySet<string>;
  /** The route of every form page, e.g. "/about" (last_page must be one). */
  pageRoutes: readonly string[];
  /** add-another id → its maximum number of blocks. */
  addAnother: ReadonlyMap<string, number>;
  /** tabs id → the ids of its tabs. */
  tabs: ReadonlyMap<string, readonly string[]>;
  /** tabs id → tab id → the answers choosing that tab clears (its `clears` list). */
  tabClears: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /** The key of every file question: the only keys documents are uploaded for. */
  fileKeys: ReadonlySet<string>;
  /** The form pages in step order (the read-only document and the application PDF draw them). */
  pages: readonly PageDefinition[];
  /** The pages in a language (the applicant's PDF); `pages` when absent (fixture forms). */
  pagesIn?(locale: Locale): readonly PageDefinition[];
  /**
   * Field errors of every page, page id → field → messages (SPEC §5), as the client shows them,
   * in the applicant's language (default English).
   */
  validateAll(
    state: FormState,
    now: Date,
    locale?: Locale,
  ): Record<string, Record<string, string[]>>;
}

/**
 * The answers to keys today's data model has, as the page receives them. Answers to questions
 * the forms no longer ask stay stored for staff (the submission freezes every key) but never
 * reach the page, which would otherwise send them back as keys the server refuses (issue 18).
 */
export function knownAnswers(forms: FormsRuntime, answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([key]) => forms.knownKeys.has(key)));
}
