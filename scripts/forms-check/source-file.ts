/**
 * A JSON file as forms:check reads it: the parsed value plus the syntax tree that turns a JSON
 * pointer into a line and column (jsonc-parser), so every finding names `file:line:column`.
 */
import { readFileSync } from 'node:fs';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface Location {
  line: number;
  column: number;
}

export interface SourceFile {
  /** The path as shown in findings (relative to the working directory when possible). */
  path: string;
  text: string;
  tree: Node | undefined;
  /** The parsed value; undefined when the file is not valid JSON. */
  json: unknown;
  syntaxErrors: Array<{ message: string; offset: number }>;
}

/** Reads and parses a JSON file (strict JSON: no comments, no trailing commas). */
export function readSourceFile(file: string, shownPath = file): SourceFile {
  return parseSource(readFileSync(file, 'utf8'), shownPath);
}

/** Parses JSON text into a source file. */
export function parseSource(text: string, path: string): SourceFile {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const syntaxErrors: SourceFile['syntaxErrors'] = errors.map((e) => ({
    message: printParseErrorCode(e.error),
    offset: e.offset,
  }));
  let json: unknown;
  if (syntaxErrors.length === 0) {
    try {
      json = JSON.parse(text);
    } catch (error) {
      syntaxErrors.push({ message: (error as Error).message, offset: 0 });
    }
  }
  return { path, text, tree, json, syntaxErrors };
}

/** `/a/b~1c/0` → ['a', 'b/c', '0']. */
function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** ['a', 'b/c'] → `/a/b~1c`. */
export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/**
 * The node a pointer names (the property name instead of its value when `atKey`), or the nearest
 * ancestor that exists, so a finding about a missing property points at its parent.
 */
function nodeAt(file: SourceFile, pointer: string, atKey = false): Node | undefined {
  let node = file.tree;
  const segments = pointerSegments(pointer);
  for (let i = 0; i < segments.length && node; i++) {
    const segment = segments[i]!;
    let next: Node | undefined;
    if (node.type === 'object') {
      // JSON keeps the last of a property written twice, and so do the findings.
      const property = node.children?.findLast((p) => p.children?.[0]?.value === segment);
      if (property && atKey && i === segments.length - 1) return property.children?.[0];
      next = property?.children?.[1];
    } else if (node.type === 'array') {
      next = node.children?.[Number(segment)];
    }
    if (!next) return node;
    node = next;
  }
  return node;
}

/** Line and column (both from 1) of a character offset. */
export function offsetLocation(text: string, offset: number): Location {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Line and column of the node a pointer names (see nodeAt). */
export function locate(file: SourceFile, pointer: string, atKey = false): Location {
  const node = nodeAt(file, pointer, atKey);
  return offsetLocation(file.text, node?.offset ?? 0);
}
