/**
 * forms:diff as a library: compares two sets of definitions page by page and says, for each
 * change, whether applicants' existing drafts are affected. The pages are read by read-pages.ts;
 * a question's changes are told by question-changes.ts, its schema's by rule-changes.ts.
 */
import { schemaKind } from '../forms-check/project';
import { schemaKeys } from '../forms-check/schema-keys';
import type { Definitions } from './definition-files';
import { PageChanges, type DiffReport, type Field, type PageReport } from './page-changes';
import { addedChange, questionChanges } from './question-changes';
import { movedKeys, readPages, type Page } from './read-pages';
import { ruleChanges } from './rule-changes';
import { translationChanges } from './translation-changes';
import { vocabularyOf, type Vocabulary } from './vocabulary';

export type { Change, DiffReport } from './page-changes';

/** Compares two sets of definitions; `now` resolves named lists such as years. */
export function diffDefinitions(
  before: Definitions,
  after: Definitions,
  now = new Date(),
): DiffReport {
  const pb = readPages(before);
  const pa = readPages(after);
  const fieldsOf = (pages: Map<string, Page>) => [...pages.values()].map((p) => p.fields);
  const sides = {
    before: vocabularyOf(fieldsOf(pb), now),
    after: vocabularyOf(fieldsOf(pa), now),
    now,
  };
  const askedBefore = new Set(fieldsOf(pb).flatMap((fields) => [...fields.keys()]));
  const pageOf = (pages: Map<string, Page>, key: string) =>
    [...pages.values()].find((p) => p.fields.has(key))?.definition.id;
  const reports: PageReport[] = [];
  for (const id of [...new Set([...pa.keys(), ...pb.keys()])]) {
    const b = pb.get(id);
    const a = pa.get(id);
    const out = new PageChanges(a && { ...a, sections: a.definition.sections });
    const fallback = (a ?? b)!.file;
    if (!b)
      out.add(
        {
          kind: 'page added',
          text: `page added (step ${a!.definition.step}, ${a!.definition.route})`,
          affected: 'no',
          drafts: 'see its questions',
        },
        fallback,
      );
    if (!a)
      out.add(
        {
          kind: 'page removed',
          text: 'page removed',
          affected: 'some',
          drafts: 'drafts with answers on it: the answers are kept, no longer shown',
        },
        fallback,
      );
    const fb = b?.fields ?? new Map<string, Field>();
    const fa = a?.fields ?? new Map<string, Field>();
    for (const [key, f] of fa) {
      if (fb.has(key)) continue;
      const from = b ? pageOf(pb, key) : undefined;
      out.add(addedChange(key, f, from && from !== id ? from : undefined, sides.after), fallback);
    }
    for (const [key, f] of fb) {
      if (fa.has(key)) continue;
      const to = pageOf(pa, key);
      if (to && to !== id) continue; // reported as moved on its new page
      out.add(
        {
          kind: 'removed',
          key,
          label: f.field.question.label,
          text: 'removed',
          affected: 'some',
          drafts: 'drafts that answered it: the answer is kept, no longer shown',
        },
        fallback,
        { section: f.section },
      );
    }
    const moved = movedKeys([...fb.keys()], [...fa.keys()]);
    for (const [key, f] of fa) {
      const old = fb.get(key);
      if (!old) continue;
      if (old.section !== f.section)
        out.add(
          {
            kind: 'moved',
            key,
            label: f.field.question.label,
            text: `moved from section ${old.section} to ${f.section}`,
            affected: 'no',
            drafts: 'no',
          },
          fallback,
        );
      else if (moved.has(key))
        out.add(
          {
            kind: 'moved',
            key,
            label: f.field.question.label,
            text: `moved within section ${f.section} (now question ${f.index + 1} of the page)`,
            affected: 'no',
            drafts: 'no',
          },
          fallback,
        );
      questionChanges(key, old, f, sides, out, fallback);
    }
    const keys = new Set([...fa.keys(), ...fb.keys()]);
    for (const s of [b?.schema?.json, a?.schema?.json])
      for (const k of schemaKeys(s)) keys.add(k.key);
    for (const key of keys)
      ruleChanges(
        key,
        (fa.get(key) ?? fb.get(key))?.field.question.label,
        b?.schema?.json,
        a?.schema?.json,
        out,
        fallback,
        { ...sides, drafts: true, newKey: !askedBefore.has(key) },
      );
    if (out.changes.length)
      reports.push({ id, title: (a ?? b)!.definition.title, changes: out.changes });
  }
  const pageIds = new Set([...pa.keys(), ...pb.keys()]);
  reports.push(...otherSchemas(before, after, pageIds, sides));
  reports.push(...translationChanges(before, after));
  return { before: before.label, after: after.label, pages: reports };
}

/** Schemas of no page (sign-up, login…): their rules and messages, per key. */
function otherSchemas(
  before: Definitions,
  after: Definitions,
  pageIds: Set<string>,
  sides: { before: Vocabulary; after: Vocabulary },
): PageReport[] {
  const reports: PageReport[] = [];
  const names = new Set([...before.schemas.keys(), ...after.schemas.keys()]);
  for (const name of names) {
    if (schemaKind(name) !== 'validation' || pageIds.has(name.replace(/\.schema\.json$/, '')))
      continue;
    const b = before.schemas.get(name);
    const a = after.schemas.get(name);
    const out = new PageChanges(a && { fields: new Map(), schema: a });
    const keys = new Set([...schemaKeys(b?.json), ...schemaKeys(a?.json)].map((k) => k.key));
    const context = { ...sides, drafts: false, newKey: false };
    for (const key of keys) ruleChanges(key, undefined, b?.json, a?.json, out, (a ?? b)!, context);
    if (out.changes.length) reports.push({ id: name, title: name, changes: out.changes });
  }
  return reports;
}
