/**
 * Generators of hostile HTTP input for the fuzz suite: JSON texts (valid, malformed, deep, huge,
 * with prototype-pollution keys and duplicate keys), query strings and path segments (encoded
 * or raw, with broken percent escapes), content types and upload forms.
 */
import fc from 'fast-check';

/** Strings that have broken parsers, databases and path handling before. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\u202e',
  '%00',
  '%',
  '%zz',
  '../..',
  '..%2f..%2f',
  '%2e%2e%2f',
  '/etc/passwd',
  'C:\\Windows',
  "' OR 1=1 --",
  '"; DROP TABLE accounts; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x/a}',
  'NaN',
  'Infinity',
  '-0',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '*',
  '"*',
  'AND OR NOT',
  'ǅ ᾈ ⅷ ² ـ ﷺ',
  'Ｃａｆé',
  '👩‍👩‍👧‍👦',
];

const pollutionKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Characters that text columns, URL decoders and regular expressions trip on. */
const oddCharacters = ['\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\u2028', '\u202e', '%'];

/** The string with an odd character (or a nasty string) put somewhere inside it. */
const spiced = (text: string) =>
  fc.tuple(fc.constantFrom(...oddCharacters, ...nastyStrings), fc.nat()).map(([odd, at]) => {
    const i = text.length === 0 ? 0 : at % (text.length + 1);
    return text.slice(0, i) + odd + text.slice(i);
  });

/** A string of any kind: short and odd, unicode, binary, or huge. */
export const anyString = fc.oneof(
  { arbitrary: fc.constantFrom(...nastyStrings), weight: 3 },
  {
    arbitrary: fc.string({ unit: fc.constantFrom(...oddCharacters, 'a', 'é', ' '), maxLength: 8 }),
    weight: 1,
  },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '\u0000', '𝕏', '%'), fc.integer({ min: 1000, max: 300_000 }))
      .map(([unit, n]) => unit.repeat(n)),
    weight: 1,
  },
);

/** A JSON scalar as text. */
const scalarText = fc
  .oneof(
    anyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 0.1),
  )
  .map((value) => JSON.stringify(value));

/** A key for a JSON object: one the route knows, a prototype key, or anything. */
const keyOf = (known: readonly string[]) =>
  fc.oneof(
    ...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 4 }] : []),
    { arbitrary: fc.constantFrom(...pollutionKeys), weight: 1 },
    { arbitrary: anyString, weight: 2 },
  );

/** Any JSON value as text, objects built as text so "__proto__" and duplicate keys survive. */
export const jsonText = (known: readonly string[] = []) =>
  fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      scalarText,
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(keyOf(known), tie('value')), { maxLength: 5 })
        .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    ),
  })).value;

/**
 * A body close to what a route expects: its own fields, each with a good value or a wrong one,
 * plus strangers, so the fuzzing reaches past the schema into the handlers.
 */
const nearBody = (fields: Record<string, fc.Arbitrary<unknown>>) => {
  const names = Object.keys(fields);
  if (names.length === 0) return jsonText();
  /** A good value, a good one spiced with an odd character, or any JSON at all. */
  const valueOf = (name: string) =>
    fc.oneof(
      { arbitrary: fields[name]!.map((v) => JSON.stringify(v)), weight: 4 },
      {
        arbitrary: fields[name]!.chain((v) =>
          typeof v === 'string' ? spiced(v).map((s) => JSON.stringify(s)) : fc.constant('""'),
        ),
        weight: 2,
      },
      { arbitrary: jsonText(), weight: 1 },
    );
  const own = fc.constantFrom(...names).chain((name) => fc.tuple(fc.constant(name), valueOf(name)));
  const entries = fc.oneof(
    // Only the route's own fields: most of these pass the schema and reach the handler.
    { arbitrary: fc.array(own, { minLength: 1, maxLength: names.length + 1 }), weight: 3 },
    {
      arbitrary: fc.array(
        fc.oneof(
          { arbitrary: own, weight: 5 },
          { arbitrary: fc.tuple(keyOf(names), jsonText(names)), weight: 1 },
        ),
        { maxLength: names.length + 3 },
      ),
      weight: 2,
    },
  );
  return entries.map(
    (pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`,
  );
};

/** Deeply nested arrays or objects. */
const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** Text that is not JSON, or broken JSON. */
const notJson = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    '{"a":1}}',
    "{'a':1}",
    'undefined',
    '\u0000',
    '{"a":01}',
  ),
);

/** Any body text a route may be sent. */
export const bodyText = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { arbitrary: nearBody(fields), weight: 8 },
    { arbitrary: jsonText(Object.keys(fields)), weight: 3 },
    { arbitrary: notJson, weight: 1 },
    { arbitrary: deepJson, weight: 1 },
  );

export const contentTypes = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'application/json, text/plain',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'application/xml',
      '',
      ';;;',
    ),
    weight: 2,
  },
);

/** Percent-encodes every byte of the UTF-8 text that is not unreserved. */
function encode(text: string): string {
  return Array.from(Buffer.from(text, 'utf8'))
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A URL component: encoded anything, or raw text with broken escapes and separators. */
export const urlPart = (good: readonly string[] = []) =>
  fc.oneof(
    ...(good.length > 0 ? [{ arbitrary: fc.constantFrom(...good).map(encode), weight: 4 }] : []),
    { arbitrary: anyString.filter((s) => s.length < 3000).map(encode), weight: 3 },
    {
      arbitrary: fc.string({
        unit: fc.constantFrom(..."%&=+/.;,abcXYZ019_-[]!$'()*:@".split('')),
        maxLength: 30,
      }),
      weight: 2,
    },
  );

/** A query string of the route's own parameters and strangers, repeated at times. */
export const queryString = (params: Record<string, readonly string[]>) =>
  fc
    .array(
      fc.oneof(
        ...(Object.keys(params).length > 0
          ? [
              {
                arbitrary: fc
                  .constantFrom(...Object.keys(params))
                  .chain((name) => fc.tuple(fc.constant(name), urlPart(params[name]))),
                weight: 4,
              },
            ]
          : []),
        { arbitrary: fc.tuple(urlPart(pollutionKeys), urlPart()), weight: 1 },
      ),
      { maxLength: 5 },
    )
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

/** Bytes that begin like a PNG, JPEG, PDF or zip (or like nothing), then anything. */
export const fileBytes = fc
  .tuple(
    fc.constantFrom(
      [],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff],
      [0x25, 0x50, 0x44, 0x46, 0x2d],
      [0x50, 0x4b, 0x03, 0x04],
      [0x7f, 0x45, 0x4c, 0x46],
    ),
    fc.uint8Array({ maxLength: 3000 }),
  )
  .map(([magic, tail]) => new Uint8Array([...magic, ...tail]));
