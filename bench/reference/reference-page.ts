/**
 * The hand-written reference the client benchmark compares the product with: the About page's
 * fields as plain React controlled inputs (one component, one useState per field), with no form
 * library, no validation library and no router. It is generated from forms/about.json at bench
 * time, so it always asks what the product asks: the fields the product shows on a cold load (an
 * empty application), in page order, with the same labels, hints, option lists and element ids,
 * styled by the product's own global and question stylesheets. Fields hidden until an answer
 * reveals them are left out, as the product leaves them out of the DOM. The neutral 60-field page
 * (bench/sixty-fields/) is generated the same way from its fixture's definition.
 *
 * Written to dist/bench/reference/src (generated, never committed) and built with Vite's API into
 * dist/bench/reference/client (or another folder of dist/bench).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KeyedQuestion, OptionItem, PageDefinition } from '../../src/engine/definitions';
import { pageById } from '../../src/forms/form-pages';
import { resolveOptions } from '../../src/engine/option-lists';
import { pageFields } from '../../src/engine/page-fields';
import { isFieldVisible } from '../../src/engine/visibility';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const referenceDir = path.join(root, 'dist/bench/reference');

/** One field of the reference page. */
export interface ReferenceField {
  key: string;
  type: KeyedQuestion['type'];
  label: string;
  hint?: string;
  /** The section it sits in (its title is drawn once, before its first field). */
  section: string;
  /** A text question's input type (`email`). */
  inputType?: string;
  /** A checkbox group's id and legend, for the boxes drawn together in one fieldset. */
  group?: { id: string; label: string };
  options?: OptionItem[];
}

/** The fields a page of the product shows on a cold load, in page order. */
function referenceFields(page: PageDefinition): ReferenceField[] {
  const empty = { answers: {}, addAnother: {}, tabs: {} };
  const titles = new Map(page.sections.map((s) => [s.id, s.title ?? '']));
  return pageFields(page)
    .filter((field) => isFieldVisible(field, empty))
    .map(({ key, question, owner, section }) => {
      const field: ReferenceField = {
        key,
        type: question.type,
        label: question.label ?? key,
        section: titles.get(section) ?? '',
      };
      if (question.hint) field.hint = question.hint;
      if (question.inputType) field.inputType = question.inputType;
      if (owner.type === 'checkbox-group')
        field.group = { id: owner.id ?? `${key}-group`, label: owner.label ?? '' };
      // Radios leave out the empty '--' option, as the product's radio question does.
      if (question.options)
        field.options = resolveOptions(question.options).filter(
          (o) => question.type !== 'radio' || o.value !== '',
        );
      return field;
    });
}

const text = (value: string) => `{${JSON.stringify(value)}}`;
const inputClass = 'question__input question__input--underlined';

/** The JSX of one field; `v` and `set` name its state and setter. */
function fieldJsx(field: ReferenceField, v: string, set: string, list: string | null): string {
  const id = `${field.key}-input`;
  const hintId = `${field.key}-hint`;
  const hint = field.hint
    ? `<p id="${hintId}" className="question__hint">${text(field.hint)}</p>`
    : '';
  const described = field.hint ? ` aria-describedby="${hintId}"` : '';
  const choices = (pairs: string) =>
    `<div className="question__choices">{${pairs}.map(([value, label], i) => (
      <div key={value} className="choice">
        <input id={i === 0 ? '${id}' : \`${id}-\${i}\`} type="radio" className="choice__input" name="${field.key}" value={value} checked={${v} === value} onChange={() => ${set}(value)} />
        <label className="choice__label" htmlFor={i === 0 ? '${id}' : \`${id}-\${i}\`}>{label}</label>
      </div>
    ))}</div>`;
  switch (field.type) {
    case 'checkbox':
      return `<div id="${field.key}" className="question choice">${hint}
        <input id="${id}" type="checkbox" className="choice__input" name="${field.key}" checked={${v} === 'true'} onChange={(e) => ${set}(e.target.checked ? 'true' : 'false')}${described} />
        <label className="choice__label" htmlFor="${id}">${text(field.label)}</label>
      </div>`;
    case 'radio':
    case 'yes-no':
      return `<fieldset id="${field.key}" className="question question--group"${described}>
        <legend className="question__label">${text(field.label)}</legend>${hint}
        ${choices(list ?? 'yesNo')}
      </fieldset>`;
    case 'select':
      return `<div id="${field.key}" className="question">
        <label className="question__label" htmlFor="${id}">${text(field.label)}</label>${hint}
        <select id="${id}" name="${field.key}" className="${inputClass}" value={${v}} onChange={(e) => ${set}(e.target.value)}${described}>
          {${list}.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </div>`;
    case 'textarea':
      return `<div id="${field.key}" className="question">
        <label className="question__label" htmlFor="${id}">${text(field.label)}</label>${hint}
        <textarea id="${id}" name="${field.key}" className="${inputClass}" rows={5} value={${v}} onChange={(e) => ${set}(e.target.value)}${described} />
      </div>`;
    default: {
      const type =
        field.type === 'date'
          ? 'date'
          : field.type === 'phone'
            ? 'tel'
            : field.inputType === 'email'
              ? 'email'
              : 'text';
      return `<div id="${field.key}" className="question">
        <label className="question__label" htmlFor="${id}">${text(field.label)}</label>${hint}
        <input id="${id}" name="${field.key}" type="${type}" className="${inputClass}" value={${v}} onChange={(e) => ${set}(e.target.value)}${described} />
      </div>`;
    }
  }
}

/** The reference component's source: one useState per field, every field drawn on each change. */
function referenceSource(title: string, fields: ReferenceField[], cssDir: string): string {
  const lists: string[] = [];
  const listOf = (options: OptionItem[] | undefined): string | null => {
    if (!options) return null;
    const json = JSON.stringify(options.map((o) => [o.value, o.label]));
    let index = lists.indexOf(json);
    if (index < 0) index = lists.push(json) - 1;
    return `list${index}`;
  };
  const state: string[] = [];
  const body: string[] = [];
  let section = '';
  let group = '';
  const closeGroup = () => {
    if (group) body.push('</div></fieldset>');
    group = '';
  };
  fields.forEach((field, i) => {
    state.push(`  const [v${i}, set${i}] = useState('');`);
    if (field.group?.id !== group || (field.section !== section && i > 0)) closeGroup();
    if (field.section !== section) {
      if (i > 0) body.push('</section>');
      section = field.section;
      body.push(
        `<section className="form-section"><h2 className="form-section__title">${text(section)}</h2>`,
      );
    }
    if (field.group && field.group.id !== group) {
      group = field.group.id;
      body.push(
        `<fieldset id="${group}" className="question question--group"><legend className="question__label">${text(field.group.label)}</legend><div className="question__choices">`,
      );
    }
    body.push(fieldJsx(field, `v${i}`, `set${i}`, listOf(field.options)));
  });
  closeGroup();
  if (fields.length > 0) body.push('</section>');
  return `// Generated by bench/reference/reference-page.ts from a page definition: do not edit.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '${cssDir}/global.css';
import '${cssDir}/questions.css';

type Pairs = ReadonlyArray<readonly [string, string]>;
const yesNo: Pairs = [['Y', 'Yes'], ['N', 'No']];
${lists.map((json, i) => `const list${i}: Pairs = ${json};`).join('\n')}

function AboutReference() {
${state.join('\n')}
  return (
    <main className="page-content" id="main-content">
      <h1>${text(title)}</h1>
      <form className="question-page" onSubmit={(e) => e.preventDefault()}>
${body.join('\n')}
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AboutReference />
  </StrictMode>,
);
`;
}

const indexHtml = (title: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="The hand-written reference of ${title}." />
    <title>${title} (reference)</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="./main.tsx"></script>
  </body>
</html>
`;

/**
 * Generates the reference of a page (the About page unless told) and builds it for production
 * into `dir`/client; returns the built folder.
 */
export async function buildReferencePage(
  page: PageDefinition = pageById('about')!,
  dir = referenceDir,
): Promise<{ dir: string; fields: ReferenceField[] }> {
  const fields = referenceFields(page);
  const src = path.join(dir, 'src');
  const out = path.join(dir, 'client');
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  const cssDir = path.relative(src, path.join(root, 'src/client/styles')).split(path.sep).join('/');
  const { format } = await import('prettier');
  const source = await format(referenceSource(page.title, fields, cssDir), {
    parser: 'typescript',
    singleQuote: true,
    printWidth: 100,
  });
  writeFileSync(path.join(src, 'main.tsx'), source);
  writeFileSync(path.join(src, 'index.html'), indexHtml(page.title));
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const { precompressDir } = await import('../../scripts/precompress');
  await build({
    configFile: false,
    root: src,
    mode: 'production',
    logLevel: 'error',
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true },
  });
  precompressDir(out);
  return { dir: out, fields };
}
