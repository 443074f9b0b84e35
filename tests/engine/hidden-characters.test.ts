import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters } from '../../src/engine/hidden-characters';

/** Characters refused in every answer (issue 41, F10), by name. */
const refused: Record<string, string> = {
  BEL: '\u0007',
  BS: '\u0008',
  VT: '\u000b',
  FF: '\u000c',
  CR: '\r',
  ESC: '\u001b',
  DEL: '\u007f',
  'C1 NEL': '\u0085',
  'C1 CSI': '\u009b',
  LRE: '\u202a',
  RLE: '\u202b',
  PDF: '\u202c',
  LRO: '\u202d',
  RLO: '\u202e',
  LRI: '\u2066',
  RLI: '\u2067',
  FSI: '\u2068',
  PDI: '\u2069',
  'LINE SEPARATOR': '\u2028',
  'PARAGRAPH SEPARATOR': '\u2029',
  'ZERO WIDTH SPACE': '\u200b',
  'WORD JOINER': '\u2060',
  BOM: '\ufeff',
};

describe('hasHiddenCharacters', () => {
  it('refuses control characters and bidi overrides anywhere in an answer, one line or many', () => {
    for (const [name, character] of Object.entries(refused)) {
      for (const value of [`${character}Ada`, `Ad${character}a`, `Ada${character}`]) {
        expect(hasHiddenCharacters(value, false), name).toBe(true);
        expect(hasHiddenCharacters(value, true), name).toBe(true);
      }
    }
  });

  it('keeps TAB and LF for a multi-line text only', () => {
    for (const value of ['two\nlines', 'a\tb']) {
      expect(hasHiddenCharacters(value, true)).toBe(false);
      expect(hasHiddenCharacters(value, false)).toBe(true);
    }
  });

  it('accepts what people write: accents, scripts, marks, emoji, a replaced lone surrogate', () => {
    for (const value of [
      'Zoë O’Brien-Núñez',
      'محمد',
      '李小龍',
      'Ngọc',
      '👩🏽‍🎓',
      'a\u200db', // ZWJ joins emoji and some scripts' letters
      'x\u200fy', // an RLM mark changes no order of other text: not an override
      'A\ufffdB',
      '',
    ]) {
      expect(hasHiddenCharacters(value, false), value).toBe(false);
    }
  });
});
