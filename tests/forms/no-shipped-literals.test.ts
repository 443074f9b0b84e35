/**
 * Content is data; tests test behaviour (ARCHITECTURE decision 16, issue 39 point 1): no test
 * under tests/ may spell out a label, message or option code that forms/ or schemas/ ship, or an
 * admissions author's valid edit would turn CI red. Tests read such texts through
 * tests/helpers/shipped-texts.ts or run on fixture definitions (tests/fixtures/).
 */
import { describe, expect, it } from 'vitest';
import { guardedTexts, pinnedLiterals, pins, sourceFiles } from './shipped-literals';

const advice =
  'Read these through tests/helpers/shipped-texts.ts, or use a fixture text (docs/forms.md "What the tests read from your forms")';

const shipped = guardedTexts();
const findings = (file: string): string[] => pinnedLiterals(file, shipped);

describe('tests read shipped texts from the definitions', () => {
  it('finds the texts it guards (a label, a message and an option code at least)', () => {
    const kinds = new Set(shipped.map((text) => text.kind));
    expect([...kinds].sort()).toEqual(['label', 'message', 'option code']);
  });

  it('recognises a pinned literal, a literal containing a message and a regular expression', () => {
    const label = shipped.find((text) => text.kind === 'label');
    const message = shipped.find((text) => text.kind === 'message' && !text.text.includes('{'));
    const code = shipped.find((text) => text.kind === 'option code');
    if (!label || !message || !code) throw new Error('the definitions hold no texts to try');
    expect(pins({ text: label.text, line: 1 }, label)).toBe(true);
    expect(pins({ text: `expected: ${message.text}`, line: 1 }, message)).toBe(true);
    expect(pins({ text: label.text.toUpperCase(), line: 1, regex: { flags: 'i' } }, label)).toBe(
      true,
    );
    expect(pins({ text: code.text, line: 1 }, code)).toBe(true);
    expect(pins({ text: `${code.text}x`, line: 1 }, code)).toBe(false);
  });

  it('no test file spells out a shipped label, message or option code', () => {
    const found = sourceFiles('tests').flatMap(findings);
    // One line per finding, so the report is not cut short as a long array's would be.
    expect(found.join('\n'), advice).toBe('');
  });
});
