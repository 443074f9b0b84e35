/**
 * Checks of the definitions as written: address and school-search blocks (SPEC §5: keys in the
 * data model, the prefix part of every key), add-another maximum (SPEC §9: at most 10),
 * conditions naming unknown keys, unknown option lists, and tabs' files and cleared keys.
 */
import { conditionKeys } from '../../src/engine/conditions';
import type {
  Condition,
  OptionSource,
  PageDefinition,
  Question,
  Tab,
} from '../../src/engine/definitions';
import { listNamesOf, optionListNames } from '../../src/engine/option-lists';
import { blockParts } from '../../src/engine/page-fields';
import { walkDefinition, type Enclosure } from '../../src/engine/walk-definition';
import type { Findings } from './findings';
import { didYouMean } from './nearest';
import type { SourceFile } from './source-file';

/** SPEC §9: a larger add-another setting is a configuration error. */
const MAX_BLOCKS = 10;

/** Checks one page's blocks, repeaters, option lists, condition keys and tabs. */
export function checkDefinitions(file: SourceFile, model: Set<string>, findings: Findings): void {
  const page = file.json as PageDefinition;
  const tabFiles = fileKeysByTab(page);
  const unknownKey = (key: string, enclosures: readonly Enclosure[]) =>
    expandKey(key, enclosures).some((k) => !model.has(k));
  const checkCondition = (
    condition: Condition,
    pointer: string,
    enclosures: readonly Enclosure[],
  ) => {
    for (const key of conditionKeys(condition)) {
      if (unknownKey(key, enclosures)) {
        findings.error(
          'unknown-condition-key',
          file,
          pointer,
          `The condition reads "${key}", which is not in the data model.${didYouMean(key, model)}`,
        );
      }
    }
  };
  walkDefinition(page, {
    section(section, pointer) {
      if (section.condition) checkCondition(section.condition, `${pointer}/condition`, []);
    },
    question({ question, pointer, enclosures }) {
      if (question.type === 'address' || question.type === 'school-search') {
        checkBlock(question, pointer, file, model, findings);
      }
      if (question.type === 'add-another' && question.max > MAX_BLOCKS) {
        findings.error(
          'add-another-max',
          file,
          `${pointer}/max`,
          `Add-another "${question.id}" allows ${question.max} blocks; the maximum is ${MAX_BLOCKS}.`,
        );
      }
      if ('options' in question && question.options !== undefined) {
        checkOptions(question.options, `${pointer}/options`, file, findings);
        const byAnswer = byAnswerKey(question.options);
        if (byAnswer && unknownKey(byAnswer, enclosures)) {
          findings.error(
            'unknown-condition-key',
            file,
            `${pointer}/options/byAnswer`,
            `Options depend on "${byAnswer}", which is not in the data model.${didYouMean(byAnswer, model)}`,
          );
        }
      }
      if ('dependsOn' in question) {
        question.dependsOn?.forEach((key, i) => {
          if (unknownKey(key, enclosures))
            findings.error(
              'unknown-condition-key',
              file,
              `${pointer}/dependsOn/${i}`,
              `dependsOn names "${key}", which is not in the data model.${didYouMean(key, model)}`,
            );
        });
      }
      if (question.type === 'tabs') {
        question.tabs.forEach((tab, t) => {
          tab.clears?.forEach((key, c) => {
            if (!model.has(key))
              findings.error(
                'key-not-in-data-model',
                file,
                `${pointer}/tabs/${t}/clears/${c}`,
                `Tab "${tab.id}" clears "${key}", which is not in the data model.${didYouMean(key, model)}`,
              );
          });
          if (tab.file && !tabFiles.get(tab)?.includes(tab.file)) {
            findings.error(
              'tab-file',
              file,
              `${pointer}/tabs/${t}/file`,
              `Tab "${tab.id}" owns the file "${tab.file}", but no file question in the tab asks it.`,
            );
          }
        });
      }
      if (question.condition)
        checkCondition(question.condition, `${pointer}/condition`, enclosures);
      if ('required' in question && typeof question.required === 'object') {
        checkCondition(question.required, `${pointer}/required`, enclosures);
      }
    },
  });
}

/** A key as written, expanded for each add-another block number when it holds `{n}`. */
function expandKey(key: string, enclosures: readonly Enclosure[]): string[] {
  const block = enclosures.findLast((enclosure) => enclosure.kind === 'block');
  if (!key.includes('{n}') || !block) return [key];
  const max = block.question.max;
  return Array.from({ length: max }, (_v, i) => key.replaceAll('{n}', String(i + 1)));
}

/** The keys of the file questions in each tab, directly or inside its questions' branches. */
function fileKeysByTab(page: PageDefinition): Map<Tab, string[]> {
  const files = new Map<Tab, string[]>();
  walkDefinition(page, {
    question({ question, enclosures }) {
      if (question.type !== 'file' || !('key' in question)) return;
      const holder = enclosures.findLast((enclosure) => enclosure.kind !== 'branch');
      if (holder?.kind !== 'tab') return;
      files.set(holder.tab, [...(files.get(holder.tab) ?? []), question.key]);
    },
  });
  return files;
}

function checkBlock(
  block: Extract<Question, { type: 'address' | 'school-search' }>,
  pointer: string,
  file: SourceFile,
  model: Set<string>,
  findings: Findings,
): void {
  for (const part of blockParts(block)) {
    const overridden =
      (block.keys as Record<string, string> | undefined)?.[part.part] !== undefined;
    const at = overridden ? `${pointer}/keys/${part.part}` : `${pointer}/prefix`;
    if (!part.key.startsWith(block.prefix)) {
      findings.error(
        'block-prefix',
        file,
        at,
        `The ${block.type} block's prefix "${block.prefix}" is not part of its key "${part.key}".`,
      );
    }
    if (!model.has(part.key)) {
      findings.error(
        'block-key-not-in-data-model',
        file,
        at,
        `The ${block.type} block's key "${part.key}" (${part.part}) is not in the data model.`,
      );
    }
  }
}

function checkOptions(
  source: OptionSource,
  pointer: string,
  file: SourceFile,
  findings: Findings,
): void {
  for (const name of listNamesOf(source)) {
    if (!optionListNames.includes(name)) {
      findings.error(
        'unknown-option-list',
        file,
        pointer,
        `Unknown option list "${name}".${didYouMean(name, optionListNames) || ` Known lists: ${optionListNames.join(', ')}.`}`,
      );
    }
  }
}

const byAnswerKey = (source: OptionSource): string | undefined =>
  typeof source === 'object' && !Array.isArray(source) && 'byAnswer' in source
    ? source.byAnswer
    : undefined;
