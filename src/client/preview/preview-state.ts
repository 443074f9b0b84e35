/**
 * What the forms:preview server hands its browser page (scripts/forms-preview/state.ts builds it
 * from forms/ and schemas/ on every reload): the pages as written, forms:check's findings placed
 * on the question they name, the answers each condition reads with the values they can take,
 * and where the page validators compiled for this reload are served.
 */
import type { PageDefinition } from '../../engine/definitions';
import type { PageTranslation, SiteTranslation } from '../../forms/translation-files';

export interface PreviewFinding {
  severity: 'error' | 'warning';
  check: string;
  /** `forms/about.json:12:7`. */
  where: string;
  message: string;
  /** The page and the JSON pointer of the question the finding applies to, when one does. */
  pageId?: string;
  questionPointer?: string;
}

/** A value a controlling answer can take, with what the applicant reads for it. */
interface BranchValue {
  value: string;
  label: string;
}

/** An answer some condition of the page reads: its switch sets it to each value it can take. */
export interface BranchSwitch {
  key: string;
  /** The question that asks it; absent when no page asks the key (a misspelt condition key). */
  label?: string;
  values: BranchValue[];
}

export interface PreviewPage {
  definition: PageDefinition;
  branches: BranchSwitch[];
  /** The URL of the page's compiled validator module (absent: the page has no schema). */
  validator?: string;
}

/** forms/es/ as the language switch reads it: each page's translation by id, and the site's. */
export interface PreviewTranslations {
  pages: Record<string, PageTranslation>;
  site?: SiteTranslation;
}

export type PreviewState =
  | {
      ok: true;
      version: number;
      pages: PreviewPage[];
      findings: PreviewFinding[];
      translations?: PreviewTranslations;
    }
  | { ok: false; version: number; problems: Array<{ where: string; message: string }> };
