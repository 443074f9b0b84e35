import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate, type CompiledValidator } from '../../engine/validation';
import * as validators from '../../generated/validators.js';
import type { FormsRuntime } from './forms-runtime';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface PageFile {
  id: string;
  route: string;
}

/** Reads forms/ and schemas/ once at start into what the routes need. */
export function loadFormsRuntime(
  formsDir = path.join(root, 'forms'),
  schemasDir = path.join(root, 'schemas'),
): FormsRuntime {
  const hash = createHash('sha256');
  const pages: PageFile[] = [];
  for (const dir of [formsDir, schemasDir]) {
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      hash.update(`${path.basename(dir)}/${file}\0${text}\0`);
      const json = JSON.parse(text) as Partial<PageFile>;
      if (dir === formsDir && typeof json.id === 'string' && typeof json.route === 'string') {
        pages.push({ id: json.id, route: json.route });
      }
    }
  }
  const dataModel = path.join(schemasDir, 'answers.schema.json');
  const knownKeys = existsSync(dataModel)
    ? new Set(
        Object.keys(
          (JSON.parse(readFileSync(dataModel, 'utf8')) as { properties?: object }).properties ?? {},
        ),
      )
    : new Set<string>();
  const pageValidators = pages.map((page) => ({
    page,
    validator: (validators as Record<string, CompiledValidator | undefined>)[camel(page.id)],
  }));
  return {
    version: hash.digest('hex').slice(0, 16),
    knownKeys,
    pageRoutes: pages.map((p) => p.route),
    validateAll(answers, now) {
      const errors: Record<string, Record<string, string[]>> = {};
      for (const { page, validator } of pageValidators) {
        if (!validator) continue;
        const found = validate(validator, answers, { now });
        if (Object.keys(found).length > 0) errors[page.id] = found;
      }
      return errors;
    },
  };
}

const camel = (id: string): string =>
  id.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
