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
  | 'message';

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

export class PageChanges {
  readonly changes: Change[] = [];
  constructor(private readonly after: NewerSide | undefined) {}

  /** Where a change shows in the newer files: the question, else its schema entry, else line 1. */
  private place(
    key?: string,
    schemaPointer?: string,
    section?: string,
  ): { file: SourceFile; pointer: string } | undefined {
    const field = key === undefined ? undefined : this.after?.fields.get(key);
    if (field && this.after?.file) return { file: this.after.file, pointer: field.field.pointer };
    const s = this.after?.sections?.findIndex((each) => each.id === section) ?? -1;
    if (s >= 0 && this.after?.file) return { file: this.after.file, pointer: `/sections/${s}` };
    if (schemaPointer !== undefined && this.after?.schema)
      return { file: this.after.schema, pointer: schemaPointer };
    const file = this.after?.file ?? this.after?.schema;
    return file && { file, pointer: '' };
  }

  /** Adds a change; a removed question is placed at its section, if the section is still there. */
  add(
    change: Omit<Change, 'file' | 'line' | 'column'>,
    fallback: SourceFile,
    pointer?: string,
    section?: string,
  ) {
    const where = this.place(change.key, pointer, section) ?? { file: fallback, pointer: '' };
    const { line, column } = locate(where.file, where.pointer, where.file !== this.after?.file);
    this.changes.push({ ...change, file: where.file.path, line, column });
  }
}
