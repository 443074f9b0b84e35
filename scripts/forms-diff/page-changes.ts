/**
 * What forms:diff reports (a change, a page's changes, the whole report) and where a change is
 * placed in the newer files. Shared by the comparisons of questions (question-changes.ts) and of
 * schema rules (rule-changes.ts), which compare.ts runs page by page.
 */
import type { Section } from '../../src/engine/definitions';
import type { PageField } from '../../src/engine/page-fields';
import { locate, type SourceFile } from '../forms-check/source-file';

export type ChangeKind =
  | 'page added'
  | 'page removed'
  | 'added'
  | 'removed'
  | 'moved'
  | 'label'
  | 'options'
  | 'condition'
  | 'required'
  | 'rule'
  | 'message'
  | 'translation';

/** Whether existing drafts are affected: every draft, some drafts, or none. */
export type Affected = 'yes' | 'some' | 'no';

export interface Change {
  kind: ChangeKind;
  /** The answer key the change is about, if any. */
  key?: string;
  /** The question's label (as it is now, or was when removed). */
  label?: string;
  text: string;
  affected: Affected;
  /** Which drafts and how, in words. */
  drafts: string;
  /** Where to look in the new files (the file as of the newer side). */
  file: string;
  line: number;
  column: number;
}

export interface PageReport {
  /** The page id, or the schema file name for schemas without a page (sign-up, login…). */
  id: string;
  title: string;
  changes: Change[];
}

export interface DiffReport {
  before: string;
  after: string;
  pages: PageReport[];
}

/** A question of a page, once: its field, its section and its place on the page. */
export interface Field {
  field: PageField;
  section: string;
  index: number;
}

/** The newer side of a page, or of a schema without a page (no file, no fields). */
interface NewerSide {
  file?: SourceFile;
  sections?: readonly Section[];
  fields: Map<string, Field>;
  schema?: SourceFile;
}

/**
 * Where a change is written in the newer files: a JSON pointer in the page (`page`) or in its
 * schema (`schema`), or the section of a question no longer there.
 */
export interface At {
  page?: string;
  schema?: string;
  section?: string;
}

export class PageChanges {
  readonly changes: Change[] = [];
  constructor(private readonly after: NewerSide | undefined) {}

  /**
   * The file and pointer of a change: what the caller names (a rule in the schema, an option in
   * the page), else the question, else its section, else the top of the newer file.
   */
  private place(
    key: string | undefined,
    at: At,
  ): { file: SourceFile; pointer: string } | undefined {
    const side = this.after;
    if (at.schema !== undefined && side?.schema) return { file: side.schema, pointer: at.schema };
    if (at.page !== undefined && side?.file) return { file: side.file, pointer: at.page };
    const field = key === undefined ? undefined : side?.fields.get(key);
    if (field && side?.file) return { file: side.file, pointer: field.field.pointer };
    const s = side?.sections?.findIndex((each) => each.id === at.section) ?? -1;
    if (s >= 0 && side?.file) return { file: side.file, pointer: `/sections/${s}` };
    const file = side?.file ?? side?.schema;
    return file && { file, pointer: '' };
  }

  /** Adds a change, placed on the line that changed (see `place`). */
  add(change: Omit<Change, 'file' | 'line' | 'column'>, fallback: SourceFile, at: At = {}) {
    const where = this.place(change.key, at) ?? { file: fallback, pointer: '' };
    // A property is placed at its name (the line a reviewer sees), a question at its brace.
    const { line, column } = locate(where.file, where.pointer, true);
    this.changes.push({ ...change, file: where.file.path, line, column });
  }
}
