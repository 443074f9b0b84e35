/**
 * The HTML of forms:preview, built from the definitions rather than the product's components: an
 * author needs what applicants never see at once (every branch, each key, rule and message), and
 * the engine functions used here (the definition walk, page fields, option lists, conditions in
 * words) are the ones the product runs, so the preview says what the product enforces.
 */
import { localIsoDate } from '../../src/engine/alerts';
import { allConditionsWords, conditionWords } from '../../src/engine/condition-words';
import type { OptionSource, PageDefinition, Question } from '../../src/engine/definitions';
import { resolveOptions } from '../../src/engine/option-lists';
import { pageFields, type PageField } from '../../src/engine/page-fields';
import { walkDefinition, type Enclosure } from '../../src/engine/walk-definition';
import { keyRules } from '../forms-diff/key-rules';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const style = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 70rem; padding: 1rem 2rem; color: #1b1b1b; }
h1 { font-size: 1.6rem; } h2 { border-bottom: 2px solid #444; margin-top: 2rem; }
.q { border: 1px solid #bbb; border-radius: 4px; margin: .6rem 0; padding: .5rem .8rem; background: #fff; }
.branch { border-left: 4px solid #d97706; background: #fffbeb; }
.cond { color: #92400e; font-weight: 600; }
.key { font-family: ui-monospace, monospace; background: #eef; padding: 0 .3em; }
.type { color: #555; font-size: .85em; }
.msg { color: #b91c1c; } .rule { font-family: ui-monospace, monospace; font-size: .85em; }
ul { margin: .2rem 0; } .error { border: 3px solid #b91c1c; padding: 1rem; background: #fef2f2; }
nav a { margin-right: 1rem; }
table { border-collapse: collapse; margin: .3rem 0; } td, th { border: 1px solid #ddd; padding: .15rem .5rem; text-align: left; vertical-align: top; }
.opt { white-space: nowrap; margin-right: .8rem; }
`;

/** The page shell; the script reloads the page when the server says a file was saved. */
function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · forms:preview</title>
<style>${style}</style></head>
<body>${body}
<script>new EventSource('/events').onmessage = () => location.reload();</script>
</body></html>`;
}

/** A dated option: offered until its start, or no longer offered once it has started. */
function startsText(starts: string | undefined): string {
  if (starts === undefined) return '';
  return starts <= localIsoDate(new Date())
    ? ` <span class="msg">(started ${starts}: no longer offered)</span>`
    : ` (offered until ${starts})`;
}

function optionsHtml(source: OptionSource | undefined): string {
  if (source === undefined) return '';
  const list = (items: ReturnType<typeof resolveOptions>) =>
    items
      .filter((o) => o.value !== '')
      .map(
        (o) =>
          `<span class="opt"><span class="key">${escape(o.value)}</span> ${escape(o.label)}${startsText(o.starts)}</span>`,
      )
      .join(' ');
  if (Array.isArray(source)) return `<div class="opts">Options: ${list(source)}</div>`;
  if (typeof source === 'object' && 'byAnswer' in source) {
    const cases = Object.entries(source.cases).map(
      ([value, s]) =>
        `<li>when ${escape(source.byAnswer)} is "${escape(value)}": ${escape(JSON.stringify(s))}</li>`,
    );
    if (source.default !== undefined)
      cases.push(`<li>otherwise: ${escape(JSON.stringify(source.default))}</li>`);
    return `<div>Options by the answer to <span class="key">${escape(source.byAnswer)}</span>:<ul>${cases.join('')}</ul></div>`;
  }
  const count = resolveOptions(source).length - 1;
  return `<div>Options: the list ${escape(JSON.stringify(source))} (${count} today)</div>`;
}

/** Each rule of a key beside the exact message an applicant sees when it fails. */
function rulesHtml(schema: unknown, key: string): string {
  const { rules, messages } = keyRules(schema, key);
  if (rules.size === 0) return '<div>No rule in the page schema.</div>';
  const message = (where: string, keyword: string) =>
    messages.get(`${where}|${keyword}`) ?? messages.get(`${where}|all rules`);
  const rows = [...rules.values()].map((r) => {
    const m = message(r.where, r.keyword);
    // A number bound fills {limit} as the product fills it (src/engine/validation.ts); a date
    // keyword's limit is worked out on the day, so its message is shown as written.
    const template = m ? (JSON.parse(m.value) as string) : '';
    const filled = /^\d+(\.\d+)?$/.test(r.value)
      ? template.replace(/\{limit\}/g, r.value)
      : template;
    const text = m ? `<span class="msg">${escape(filled)}</span>` : '<em>no message</em>';
    const where = r.where ? ` <span class="cond">(${escape(r.where)})</span>` : '';
    return `<tr><td class="rule">${escape(r.keyword)}: ${escape(r.value)}${where}</td><td>${text}</td></tr>`;
  });
  return `<table><thead><tr><th>Rule</th><th>Message</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function requiredHtml(required: PageField['question']['required']): string {
  if (required === undefined || required === false) return 'optional';
  if (required === true) return 'required';
  return `required when ${escape(conditionWords(required))}`;
}

/** One keyed field: its key, label, when it shows, whether required, options, rules, messages. */
function fieldHtml(field: PageField, schema: unknown): string {
  const q = field.question;
  const shown = field.conditions.length
    ? `<div class="cond">Shown when ${escape(allConditionsWords(field.conditions))}</div>`
    : '';
  const extras = [
    q.maxLength !== undefined ? `max length ${q.maxLength}` : '',
    q.inputType ? `input type ${q.inputType}` : '',
  ].filter(Boolean);
  return `<div class="field"><span class="key">${escape(field.key)}</span> ${escape(q.label ?? '')}
<span class="type">${escape(q.type)} · ${requiredHtml(q.required)}${extras.length ? ` · ${escape(extras.join(' · '))}` : ''}</span>
${shown}${optionsHtml(q.options)}${rulesHtml(schema, field.key)}</div>`;
}

function enclosureText(enclosure: Enclosure): string {
  switch (enclosure.kind) {
    case 'block':
      return `in each block of ${enclosure.question.id} (1 to ${enclosure.question.max}; {n} is the block number)`;
    case 'tab':
      return `in tab "${enclosure.tab.label}" of ${enclosure.question.id}`;
    case 'branch':
      return `branch "${enclosure.branch}" of ${enclosure.question.key}`;
  }
}

function questionHeading(question: Question): string {
  const label = 'label' in question && question.label ? escape(question.label) : '';
  const own = question.condition
    ? `<div class="cond">Own condition: ${escape(conditionWords(question.condition))}</div>`
    : '';
  if (question.type === 'paragraph')
    return `<span class="type">paragraph</span> ${escape(question.text)}${own}`;
  return `<span class="type">${question.type}${'id' in question && question.id ? ` ${escape(question.id)}` : ''}</span> ${label}${own}`;
}

/** Every section and question of a page, every branch shown, each with its condition. */
export function renderPage(page: PageDefinition, schema: unknown): string {
  const fields = pageFields(page);
  const parts: string[] = [
    `<nav><a href="/">All pages</a><a href="/applicant/${encodeURIComponent(page.id)}">The applicant's page</a></nav><h1>${escape(page.title)} <span class="type">(${escape(page.id)}, step ${page.step}, ${escape(page.route)})</span></h1>`,
  ];
  walkDefinition(page, {
    section(section) {
      parts.push(
        `<h2 id="${escape(section.id)}">${escape(section.title ?? section.id)} <span class="type">section ${escape(section.id)}</span></h2>`,
      );
      if (section.condition)
        parts.push(
          `<div class="cond">Section shown when ${escape(conditionWords(section.condition))}</div>`,
        );
      if (section.description) parts.push(`<p>${escape(section.description)}</p>`);
    },
    question({ question, pointer, enclosures }) {
      const inside = enclosures.map(enclosureText);
      const own = fields.filter(
        (f) => f.pointer === pointer && (!f.instance || f.instance.n === 1),
      );
      const margin = enclosures.length * 2;
      // A question that asks one key is told by its field line alone; blocks and containers get a heading.
      const single = own.length === 1 && own[0]!.question === question;
      parts.push(
        `<div class="q${enclosures.length ? ' branch' : ''}" style="margin-left:${margin}rem" data-pointer="${escape(pointer)}">
${inside.length ? `<div class="cond">${escape(inside.join(', '))}</div>` : ''}${single ? '' : questionHeading(question)}
${own.map((f) => fieldHtml(f, schema)).join('')}</div>`,
      );
    },
  });
  return layout(page.title, parts.join('\n'));
}

/** The list of pages, in step order, each with its two views. */
export function renderIndex(pages: readonly PageDefinition[]): string {
  const items = [...pages]
    .sort((a, b) => a.step - b.step)
    .map((p) => {
      const id = encodeURIComponent(p.id);
      return `<li>${escape(p.title)} <span class="type">${escape(p.id)}</span>: <a href="/applicant/${id}">the applicant's page</a> · <a href="/page/${id}">specification sheet</a></li>`;
    });
  return layout('Pages', `<h1>Form pages</h1><ul>${items.join('')}</ul>`);
}

/** What is wrong with a file, where, and that saving a fix reloads the page. */
export function renderError(problems: ReadonlyArray<{ where: string; message: string }>): string {
  const items = problems.map(
    (p) => `<li><strong>${escape(p.where)}</strong>: ${escape(p.message)}</li>`,
  );
  return layout(
    'Error',
    `<div class="error" role="alert"><h1>The forms cannot be shown</h1><ul>${items.join('')}</ul>
<p>Fix the file and save it: this page reloads. <code>npm run forms:check</code> says more.</p></div>`,
  );
}
