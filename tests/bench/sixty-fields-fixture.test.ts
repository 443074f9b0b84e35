import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureTranslation } from '../../bench/sixty-fields/fixture-translation';
import { readPageSpec, specFields } from '../../bench/sixty-fields/page-spec';
import {
  fixtureDataModel,
  fixtureDefinition,
  fixtureSchema,
} from '../../bench/sixty-fields/product-fixture';
import { checkForms } from '../../scripts/forms-check/check-project';

const root = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sixty-fields-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const writeJson = (file: string, value: unknown) =>
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

describe("the neutral 60-field page's fixture", () => {
  const spec = readPageSpec();

  it('has 60 fields', () => {
    expect(specFields(spec)).toHaveLength(60);
  });

  it('passes forms:check in the About page’s place with its Spanish, beside the other pages', () => {
    const dir = tempDir();
    const forms = path.join(dir, 'forms');
    const schemas = path.join(dir, 'schemas');
    cpSync(path.join(root, 'forms'), forms, { recursive: true });
    cpSync(path.join(root, 'schemas'), schemas, { recursive: true });
    const model = JSON.parse(readFileSync(path.join(schemas, 'answers.schema.json'), 'utf8'));
    const definition = fixtureDefinition(spec);
    writeJson(path.join(forms, 'about.json'), definition);
    writeJson(
      path.join(forms, 'es/about.json'),
      fixtureTranslation(definition, fixtureSchema(spec)),
    );
    writeJson(path.join(schemas, 'about.schema.json'), fixtureSchema(spec));
    writeJson(path.join(schemas, 'answers.schema.json'), fixtureDataModel(model, spec));

    const errors = checkForms({ formsDir: forms, schemasDir: schemas }).filter(
      (f) => f.severity === 'error',
    );
    expect(errors).toEqual([]);
  });

  it('gives every required field its message, a conditional one only while it is shown', () => {
    const schema = fixtureSchema(spec) as {
      required: string[];
      errorMessage: { required: Record<string, string> };
      allOf: Array<{ if: unknown; then: { errorMessage: { required: Record<string, string> } } }>;
    };
    const conditional = Object.assign({}, ...schema.allOf.map((r) => r.then.errorMessage.required));
    for (const field of specFields(spec).filter((f) => f.required)) {
      const messages = field.shownWhen ? conditional : schema.errorMessage.required;
      expect(messages[field.key], field.key).toBe(field.required);
      expect(schema.required.includes(field.key), field.key).toBe(!field.shownWhen);
    }
  });

  it('names a text the Spanish glossary lacks', () => {
    expect(() =>
      fixtureTranslation(fixtureDefinition(spec), fixtureSchema(spec), {
        Registration: 'Inscripción',
      }),
    ).toThrow(/has no Spanish for:\n- Personal details\n/);
  });

  it('refuses a spec with a repeated key or an unknown kind, naming each', () => {
    const file = path.join(tempDir(), 'bad.spec.json');
    writeJson(file, {
      title: 'Bad',
      sections: [
        {
          title: 'One',
          fields: [
            { key: 'a', kind: 'text', label: 'A' },
            { key: 'a', kind: 'text', label: 'A again' },
            { key: 'b', kind: 'slider', label: 'B' },
          ],
        },
      ],
    });
    expect(() => readPageSpec(file)).toThrow(
      /field "a": the key is used twice\n- field "b": kind "slider" is none of/,
    );
  });
});
