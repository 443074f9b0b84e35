/**
 * JSON syntax errors in words an editor of the file can act on ("a comma is missing after line
 * 30", "a comma before a closing brace"), each at its line and column; and the value of a file
 * whose only mistakes are commas, which the parser recovers exactly, so the file's other checks
 * still run in the same pass.
 */
import { getNodeValue } from 'jsonc-parser';
import { offsetLocation, type Location, type SourceFile } from './source-file';

interface SyntaxFinding extends Location {
  message: string;
}

/** Errors the parser recovers from exactly: the value is what the author meant. */
const commaErrors = new Set(['CommaExpected', 'PropertyNameExpected', 'ValueExpected']);

/** The last non-blank character before `offset`, or -1. */
function previousToken(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i;
}

function describe(file: SourceFile, code: string, offset: number): SyntaxFinding {
  const { text } = file;
  const at = offsetLocation(text, offset);
  const here = text[offset];
  const before = previousToken(text, offset);
  const closing = here === '}' ? 'brace }' : here === ']' ? 'bracket ]' : undefined;
  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && text[before] === ',') {
    const comma = offsetLocation(text, before);
    if (closing)
      return {
        ...comma,
        message: `A comma before a closing ${closing} (line ${at.line}): remove the comma at the end of line ${comma.line}; the last item of a list or object has none.`,
      };
    if (here === ',')
      return { ...at, message: `Two commas in a row on line ${at.line}: remove one.` };
  }
  if (code === 'CommaExpected') {
    const end = offsetLocation(text, before + 1);
    const where =
      end.line === at.line
        ? `before column ${at.column} of line ${at.line}`
        : `after line ${end.line}`;
    return {
      ...end,
      message: `A comma is missing ${where}: items of a list or object are separated by commas.`,
    };
  }
  const words: Record<string, string> = {
    ColonExpected: 'A colon is missing between a property name and its value.',
    PropertyNameExpected: 'A property name in double quotes is expected here.',
    ValueExpected:
      'A value is expected here (text in double quotes, a number, true, false, a list or an object).',
    UnexpectedEndOfString: 'A text in double quotes is not closed: add the closing ".',
    CloseBraceExpected: 'A closing brace } is missing.',
    CloseBracketExpected: 'A closing bracket ] is missing.',
    EndOfFileExpected:
      'Something follows the end of the JSON: remove it, or join it to the object.',
    InvalidCommentToken: 'Comments are not allowed in JSON.',
    InvalidEscapeCharacter: 'A backslash in text must start an escape such as \\" or \\\\.',
    InvalidCharacter:
      'This character is not allowed inside text in double quotes (a tab or a line break?).',
    InvalidSymbol:
      'This is not JSON: text needs double quotes, and true, false and null are lower case.',
    InvalidNumberFormat: 'This number is not written the JSON way.',
  };
  return { ...at, message: words[code] ?? `Not valid JSON: ${code}.` };
}

/** The syntax errors of a file in words, without the echoes the parser reports at one place. */
export function syntaxFindings(file: SourceFile): SyntaxFinding[] {
  const out: SyntaxFinding[] = [];
  const seen = new Set<number>();
  for (const error of file.syntaxErrors) {
    if (seen.has(error.offset)) continue;
    seen.add(error.offset);
    out.push(describe(file, error.message, error.offset));
    // After anything but a comma the parser's later complaints mostly follow from the first.
    if (!commaErrors.has(error.message)) break;
  }
  return out;
}

/** The value the author meant when the only mistakes are commas; otherwise undefined. */
export function recoveredValue(file: SourceFile): unknown {
  if (!file.tree || !file.syntaxErrors.every((e) => commaErrors.has(e.message))) return undefined;
  const tail = file.syntaxErrors.filter((e) => e.message !== 'CommaExpected');
  // A missing value (`"a": ,`) is also "ValueExpected"; only a comma before a closer is safe.
  const safe = tail.every((e) => {
    const before = previousToken(file.text, e.offset);
    return file.text[before] === ',' && /[}\],]/.test(file.text[e.offset] ?? '');
  });
  return safe ? (getNodeValue(file.tree) as unknown) : undefined;
}
