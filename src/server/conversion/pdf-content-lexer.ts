/**
 * The tokens of a PDF content stream (ISO 32000-1 §7.2), read as leniently as pdf.js reads them,
 * so a dictionary is seen the way a viewer sees it: names with #xx escapes, numbers with signs
 * (repeated, or followed by line breaks), a fraction or an exponent, comments and whitespace of
 * any length, literal strings with nested brackets and escapes, hex strings.
 */
export type Token =
  | { kind: 'name'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'keyword'; value: string }
  | { kind: 'string' | 'open-array' | 'close-array' | 'open-dict' | 'close-dict' | 'other' }
  | { kind: 'eof' };

const isSpace = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
/** ( ) < > [ ] { } / % */
const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const hex = (c: number | undefined): number => {
  if (c === undefined) return -1;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
};

export class ContentLexer {
  constructor(
    private readonly bytes: Uint8Array,
    public at = 0,
  ) {}

  next(): Token {
    const { bytes } = this;
    this.skipSpaceAndComments();
    const c = bytes[this.at];
    if (c === undefined) return { kind: 'eof' };
    if (c === 0x2f) return { kind: 'name', value: this.name() };
    if (c === 0x28) return this.literalString();
    if (c === 0x3c) {
      if (bytes[this.at + 1] === 0x3c) return this.advance(2, { kind: 'open-dict' });
      const end = bytes.indexOf(0x3e, this.at);
      this.at = end < 0 ? bytes.length : end + 1;
      return { kind: 'string' };
    }
    if (c === 0x3e) {
      return bytes[this.at + 1] === 0x3e
        ? this.advance(2, { kind: 'close-dict' })
        : this.advance(1, { kind: 'other' });
    }
    if (c === 0x5b) return this.advance(1, { kind: 'open-array' });
    if (c === 0x5d) return this.advance(1, { kind: 'close-array' });
    if (isDelimiter(c)) return this.advance(1, { kind: 'other' });
    const number = this.number();
    if (number !== undefined) return { kind: 'number', value: number };
    const start = this.at;
    while (this.at < bytes.length && !isSpace(bytes[this.at]!) && !isDelimiter(bytes[this.at]!)) {
      this.at++;
    }
    return {
      kind: 'keyword',
      value: Buffer.from(bytes.subarray(start, this.at)).toString('latin1'),
    };
  }

  private advance(by: number, token: Token): Token {
    this.at += by;
    return token;
  }

  private skipSpaceAndComments(): void {
    const { bytes } = this;
    for (;;) {
      while (this.at < bytes.length && isSpace(bytes[this.at]!)) this.at++;
      if (bytes[this.at] !== 0x25) return;
      while (this.at < bytes.length && bytes[this.at] !== 10 && bytes[this.at] !== 13) this.at++;
    }
  }

  private name(): string {
    const { bytes } = this;
    const out: number[] = [];
    for (this.at++; this.at < bytes.length; this.at++) {
      const c = bytes[this.at]!;
      if (isSpace(c) || isDelimiter(c)) break;
      const [high, low] = [hex(bytes[this.at + 1]), hex(bytes[this.at + 2])];
      if (c === 0x23 && high >= 0 && low >= 0) {
        out.push(high * 16 + low);
        this.at += 2;
      } else {
        out.push(c);
      }
    }
    return Buffer.from(out).toString('latin1');
  }

  private literalString(): Token {
    const { bytes } = this;
    let depth = 0;
    for (; this.at < bytes.length; this.at++) {
      const c = bytes[this.at];
      if (c === 0x5c) this.at++;
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) break;
    }
    this.at++;
    return { kind: 'string' };
  }

  /** A number as pdf.js reads one (signs, line breaks after them, fraction, exponent), if any. */
  private number(): number | undefined {
    const { bytes } = this;
    let at = this.at;
    let sign = 1;
    while (bytes[at] === 0x2b || bytes[at] === 0x2d) if (bytes[at++] === 0x2d) sign = -sign;
    if (at > this.at) while (bytes[at] === 10 || bytes[at] === 13) at++;
    const start = at;
    while (isDigit(bytes[at]) || bytes[at] === 0x2e) at++;
    const mantissa = Buffer.from(bytes.subarray(start, at)).toString('latin1');
    if (!/\d/.test(mantissa)) return undefined;
    let exponent = '';
    const e = bytes[at];
    if (
      (e === 0x65 || e === 0x45) &&
      (isDigit(bytes[at + 1]) ||
        ((bytes[at + 1] === 0x2d || bytes[at + 1] === 0x2b) && isDigit(bytes[at + 2])))
    ) {
      const from = at + 1;
      at += 2;
      while (isDigit(bytes[at])) at++;
      exponent = `e${Buffer.from(bytes.subarray(from, at)).toString('latin1')}`;
    }
    this.at = at;
    const value = Number.parseFloat(`${mantissa}${exponent}`);
    return Number.isFinite(value) ? sign * value : 0;
  }
}
