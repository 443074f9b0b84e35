import { describe, expect, it } from 'vitest';
import { csvCell as auditCell } from '../../../src/server/staff/audit-routes';
import { isFormulaLike, neutralised } from '../../../src/server/staff/csv-cell';
import { csvCell as exportCell } from '../../../src/server/staff/exports';

/** Blanks a spreadsheet skips before it looks for a formula. */
const blanks = [
  '',
  ' ',
  '   ',
  '\n',
  '\r\n',
  '\t',
  ' \n\t ',
  '\u00a0',
  '\u3000',
  '\u200b',
  '\ufeff',
];
/** Formula starts, ASCII and fullwidth (folded to ASCII by NFKC). */
const starts = ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20'];

// CSV injection (issue 41, F7): every combination of blanks and a formula start is neutralised.
describe('CSV cells that a spreadsheet would run', () => {
  it('are neutralised whatever blanks come first, fullwidth forms included', () => {
    for (const blank of blanks) {
      for (const start of starts) {
        const value = `${blank}${start}cmd|' /C calc'!A0`;
        expect(isFormulaLike(value), JSON.stringify(value)).toBe(true);
        expect(neutralised(value)).toBe(`'${value}`);
        expect(auditCell(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
        expect(exportCell(value).replace(/^"/, '')).toMatch(/^'/);
      }
    }
  });

  it('are the probe’s cases: LF then =, a space then =, a fullwidth ＝', () => {
    for (const value of ['\n=1+1', ' =1+1', '\uff1d1+1', '\r=1', '\t=1']) {
      expect(auditCell(value)).toBe(`"'${value}"`);
    }
  });

  it('leave ordinary text alone, and keep every character of what they neutralise', () => {
    for (const value of ['plain', 'a=1', 'O’Brien', 'x-y', 'me@example.org', ' spaced ', '']) {
      expect(isFormulaLike(value), value).toBe(false);
      expect(neutralised(value)).toBe(value);
    }
    expect(exportCell('a,b')).toBe('"a,b"');
    expect(exportCell('plain')).toBe('plain');
    expect(auditCell('say "hi"')).toBe('"say ""hi"""');
  });
});
