/**
 * The renderer check: every question type a page uses has a component registered in the
 * client's registry (`registerQuestion('<type>', Component)` in src/client/questions/).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PageDefinition } from '../../src/engine/definitions';
import { walkDefinition } from './definition-walk';
import type { Findings } from './findings';
import type { SourceFile } from './source-file';

const registration = /registerQuestion\(\s*['"`]([a-z][a-z0-9-]*)['"`]/g;

/** The question types registered in a folder of .ts/.tsx files, or undefined if it is missing. */
function registeredTypes(dir: string): Set<string> | undefined {
  if (!existsSync(dir)) return undefined;
  const types = new Set<string>();
  const scan = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) scan(file);
      else if (/\.tsx?$/.test(name))
        for (const m of readFileSync(file, 'utf8').matchAll(registration)) types.add(m[1]!);
    }
  };
  scan(dir);
  return types;
}

/** Reports question types with no registered component (one warning if the folder is missing). */
export function checkRenderers(
  pages: readonly SourceFile[],
  dir: string,
  findings: Findings,
): void {
  const types = registeredTypes(dir);
  const relative = path.relative(process.cwd(), dir);
  const renderersDir = relative.startsWith('..') ? dir : relative.split(path.sep).join('/');
  if (!types) {
    const first = pages[0];
    if (first)
      findings.warning(
        'renderers-skipped',
        first,
        '',
        `The renderer check was skipped: ${renderersDir} does not exist yet.`,
      );
    return;
  }
  for (const file of pages) {
    walkDefinition(file.json as PageDefinition, {
      question(question, pointer) {
        if (!types.has(question.type)) {
          findings.error(
            'no-renderer',
            file,
            `${pointer}/type`,
            `No component renders question type "${question.type}": register one with registerQuestion('${question.type}', …) in ${renderersDir}.`,
          );
        }
      },
    });
  }
}
