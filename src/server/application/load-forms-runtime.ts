import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../app-root';
import { formPages } from '../../forms/form-pages';
import { formPagesIn, messageTranslatorIn } from '../../forms/forms-in-language';
import { pageValidator } from '../../forms/page-validators';
import { fileAnswerKeys } from '../../engine/page-fields';
import { validateApplication } from '../../engine/page-validation';
import type { PageDefinition, SiteConfig } from '../../engine/definitions';
import { walkDefinition } from '../../engine/walk-definition';
import type { FormsRuntime } from './forms-runtime';

/**
 * The forms as the server uses them: the engine's pages and compiled validators (the very ones
 * the browser runs), the data model's keys, and a version hash of forms/ and schemas/ (with the
 * readable label of forms/site.json) that each save records and each submission freezes, so
 * staff know which questions were answered and a returning applicant is told what changed. The
 * hash takes in the translations (forms/es/) too: they are part of what the applicant read.
 */
export function loadFormsRuntime(
  formsDir = path.join(appRoot, 'forms'),
  schemasDir = path.join(appRoot, 'schemas'),
): FormsRuntime {
  const hash = createHash('sha256');
  const schemas: Record<string, unknown> = {};
  const translationsDir = path.join(formsDir, 'es');
  for (const dir of [formsDir, schemasDir, translationsDir]) {
    if (dir === translationsDir && !existsSync(dir)) continue;
    const name = dir === translationsDir ? `${path.basename(formsDir)}/es` : path.basename(dir);
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      hash.update(`${name}/${file}\0${text}\0`);
      if (dir === schemasDir) schemas[file] = JSON.parse(text);
    }
  }
  const dataModel = schemas['answers.schema.json'] as { properties?: Record<string, unknown> };
  const site = JSON.parse(readFileSync(path.join(formsDir, 'site.json'), 'utf8')) as SiteConfig;
  const version = hash.digest('hex').slice(0, 16);
  return {
    version,
    label: site.version ?? version,
    definitions: { pages: formPages, schemas },
    knownKeys: new Set(Object.keys(dataModel.properties ?? {})),
    pageRoutes: formPages.map((page) => page.route),
    ...layoutQuestions(formPages),
    fileKeys: fileAnswerKeys(formPages),
    pages: formPages,
    pagesIn: formPagesIn,
    validateAll: (state, now, locale = 'en') =>
      validateApplication(formPages, pageValidator, state, {
        now,
        translate: messageTranslatorIn(locale),
      }),
  };
}

/** Every add-another and tabs question, wherever it is nested in the pages. */
function layoutQuestions(
  pages: readonly PageDefinition[],
): Pick<FormsRuntime, 'addAnother' | 'tabs' | 'tabClears'> {
  const addAnother = new Map<string, number>();
  const tabs = new Map<string, string[]>();
  const tabClears = new Map<string, Map<string, string[]>>();
  for (const page of pages)
    walkDefinition(page, {
      question({ question }) {
        if (question.type === 'add-another') addAnother.set(question.id, question.max);
        if (question.type === 'tabs') {
          tabs.set(
            question.id,
            question.tabs.map((tab) => tab.id),
          );
          tabClears.set(
            question.id,
            new Map(question.tabs.map((tab) => [tab.id, tab.clears ?? []])),
          );
        }
      },
    });
  return { addAnother, tabs, tabClears };
}
