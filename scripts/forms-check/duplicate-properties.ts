/**
 * A property written twice in one object: JSON parsers keep the last silently, so a second rule
 * block for a key drops the first one's checks. Found on the text (jsonc-parser's visitor), since
 * the parsed value no longer shows it.
 */
import { visit } from 'jsonc-parser';
import type { Findings } from './findings';
import { offsetLocation, toPointer, type SourceFile } from './source-file';

/** Reports every repeated property name, at the repeat, naming the line of the first. */
export function checkDuplicateProperties(file: SourceFile, findings: Findings): void {
  const objects: Array<Map<string, number>> = [];
  const path: Array<string | number> = [];
  // Array indexes of the open arrays, so the pointer names the object that holds the repeat.
  const arrays: number[] = [];
  const enterValue = () => {
    const top = arrays.length - 1;
    if (top >= 0 && typeof path[path.length - 1] === 'number') {
      arrays[top] = arrays[top]! + 1;
      path[path.length - 1] = arrays[top]!;
    }
  };
  visit(
    file.text,
    {
      onObjectBegin: () => {
        enterValue();
        objects.push(new Map());
      },
      onObjectProperty: (name, offset) => {
        const seen = objects[objects.length - 1];
        if (!seen) return;
        const first = seen.get(name);
        if (first === undefined) {
          seen.set(name, offset);
        } else {
          const was = offsetLocation(file.text, first);
          const at = offsetLocation(file.text, offset);
          const where =
            was.line === at.line
              ? `on line ${at.line} (columns ${was.column} and ${at.column})`
              : `on line ${was.line} and line ${at.line}`;
          findings.list.push({
            severity: 'error',
            check: 'duplicate-property',
            file: file.path,
            ...at,
            pointer: toPointer([...path, name]),
            message: `"${name}" is written twice in one object, ${where}; only the last one counts. Merge them into one.`,
          });
        }
        path.push(name);
      },
      onObjectEnd: () => {
        objects.pop();
        popProperty();
      },
      onArrayBegin: () => {
        enterValue();
        arrays.push(-1);
        path.push(-1);
      },
      onArrayEnd: () => {
        arrays.pop();
        path.pop();
        popProperty();
      },
      onLiteralValue: () => {
        enterValue();
        popProperty();
      },
    },
    { disallowComments: true, allowTrailingComma: true },
  );

  // A property's name stays on the path until its value ends.
  function popProperty(): void {
    if (typeof path[path.length - 1] === 'string') path.pop();
  }
}
