/**
 * The guard's two halves (issue 39, point 1): every text and option code an admissions author may
 * change in forms/ and schemas/, and the string literals of a test file that would pin one.
 * tests/forms/no-shipped-literals.test.ts puts them together.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');

export interface ShippedText {
  text: string;
  kind: 'label' | 'message' | 'option code';
  /** Where it is written, e.g. forms/about.json or schemas/login.schema.json. */
  file: string;
}

/** Page properties an applicant reads (ids, keys, routes and types are names, not texts). */
const pageTextProperties = new Set(['label', 'title', 'hint', 'help', 'text', 'buttonLabel']);

/**
 * Option codes shorter than three characters that hold no digit ('Y', 'M', 'US') are also the
 * product's own vocabulary (yes-no answers, country codes), so a literal of one proves nothing.
 */
const distinctiveCode = (code: string): boolean => code.length >= 3 || /\d/.test(code);

function collectPage(node: unknown, file: string, out: ShippedText[], property?: string): void {
  if (Array.isArray(node)) {
    for (const item of node) collectPage(item, file, out, property);
    return;
  }
  if (node === null || typeof node !== 'object') {
    if (typeof node === 'string' && property && pageTextProperties.has(property)) {
      out.push({ text: node, kind: 'label', file });
    }
    return;
  }
  const record = node as Record<string, unknown>;
  const isOption = typeof record.value === 'string' && typeof record.label === 'string';
  if (isOption && distinctiveCode(record.value as string)) {
    out.push({ text: record.value as string, kind: 'option code', file });
  }
  for (const [name, value] of Object.entries(record)) collectPage(value, file, out, name);
}

function collectMessages(node: unknown, file: string, out: ShippedText[], inMessage = false): void {
  if (typeof node === 'string') {
    if (inMessage) out.push({ text: node, kind: 'message', file });
  } else if (Array.isArray(node)) {
    for (const item of node) collectMessages(item, file, out, inMessage);
  } else if (node !== null && typeof node === 'object') {
    for (const [name, value] of Object.entries(node)) {
      collectMessages(value, file, out, inMessage || name === 'errorMessage');
    }
  }
}

const readJson = (file: string): unknown =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;

/** Every label, message and option code the shipped definitions hold (site.json aside). */
function shippedTexts(): ShippedText[] {
  const out: ShippedText[] = [];
  for (const name of readdirSync(path.join(root, 'forms'))) {
    if (!name.endsWith('.json') || name === 'site.json') continue;
    collectPage(readJson(`forms/${name}`), `forms/${name}`, out);
  }
  for (const name of readdirSync(path.join(root, 'schemas'))) {
    if (!name.endsWith('.schema.json') || name === 'form-definition.schema.json') continue;
    collectMessages(readJson(`schemas/${name}`), `schemas/${name}`, out);
  }
  return out;
}

export interface Literal {
  text: string;
  line: number;
  regex?: { flags: string };
}

/** A regular expression's source as the text it stands for ('First\\.' → 'First.'). */
const unescapeRegex = (source: string): string =>
  source.replace(/^\^|\$$/g, '').replace(/\\(.)/g, '$1');

/** The string literals, template pieces, JSX texts and regular expressions of a test file. */
function literalsOf(file: string): Literal[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: Literal[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      out.push({ text: node.text, line: line(node) });
    } else if (ts.isJsxText(node) && node.text.trim() !== '') {
      out.push({ text: node.text.trim(), line: line(node) });
    } else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const whole = node.getText(source);
      const end = whole.lastIndexOf('/');
      const text = unescapeRegex(whole.slice(1, end));
      out.push({ text, line: line(node), regex: { flags: whole.slice(end + 1) } });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * The pieces of a shipped text a literal may repeat: the whole text, and for a message with
 * placeholders ('The minimum supported year is {year}') its fixed parts of 12 characters or more.
 */
function pieces(shipped: ShippedText): string[] {
  if (!/\{\w+\}/.test(shipped.text)) return [shipped.text];
  return shipped.text
    .split(/\{\w+\}/)
    .map((part) => part.trim())
    .filter((part) => part.length >= 12);
}

/** Whether `text` holds `part` not as a piece of a longer word ('Relationships' holds no label). */
function containsWhole(text: string, part: string): boolean {
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + part.length] ?? ' ';
    if (!/\w/.test(before) && !/\w/.test(after)) return true;
  }
  return false;
}

/**
 * Whether a literal pins a shipped text: equal to it, or for a message of 12 characters or more
 * (long enough not to be an everyday phrase) containing it, as a test's expected toast or page
 * text would; a regular expression counts as its text.
 */
export function pins(literal: Literal, shipped: ShippedText): boolean {
  const caseless = literal.regex?.flags.includes('i') ?? false;
  const norm = (s: string) => (caseless ? s.toLowerCase() : s);
  const text = norm(literal.text.trim());
  if (text === '') return false;
  if (shipped.kind === 'option code') return literal.regex === undefined && text === shipped.text;
  return pieces(shipped).some((piece) => {
    const wanted = norm(piece);
    const inside = shipped.kind === 'message' && wanted.length >= 12 && containsWhole(text, wanted);
    return text === wanted || inside;
  });
}

/** Fixture definitions may say anything: they are not what applicants read. */
const exempt = ['tests/fixtures/', 'tests/forms/shipped-literals.ts', 'src/generated/'];

/** The TypeScript files under a folder of the repository, as repository paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (exempt.some((prefix) => `${file}/`.startsWith(prefix) || file === prefix)) return [];
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The shipped texts a test may not spell. A text the application's own code also spells (the
 * sign-up card's "Email Address", the password requirement list) is the application's text too,
 * which tests may pin (SPEC's catalogue); a text written in several places counts once.
 */
export function guardedTexts(): ShippedText[] {
  const own = new Set([
    ...sourceFiles('src').flatMap((file) => literalsOf(path.join(root, file)).map((l) => l.text)),
    ...catalogueTexts(),
  ]);
  const seen = new Set<string>();
  return shippedTexts().filter((text) => {
    const id = `${text.kind}\u0000${text.text}`;
    if (own.has(text.text) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** The English of the applicant side's catalogues (src/client/i18n/*.en.json): its own texts. */
function catalogueTexts(): string[] {
  const dir = path.join(root, 'src/client/i18n');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.en.json'))
    .flatMap((name) =>
      Object.values(
        JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, string>,
      ),
    );
}

/** `tests/x.test.ts:12: label "First Name" from forms/about.json`, one per pinned text. */
export function pinnedLiterals(file: string, guarded: readonly ShippedText[]): string[] {
  return literalsOf(path.join(root, file)).flatMap((literal) =>
    guarded
      .filter((text) => pins(literal, text))
      .map((text) => `${file}:${literal.line}: ${text.kind} "${text.text}" from ${text.file}`),
  );
}
