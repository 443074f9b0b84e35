import { describe, expect, it } from 'vitest';
import { scrubReportText } from '../../src/engine/client-error-report';

describe('scrubReportText', () => {
  it('drops the query string and fragment of every URL, absolute or a path', () => {
    expect(
      scrubReportText(
        'at http://127.0.0.1:8080/reset?id=abc123&x=1#top (x) and at /lookup/find?query=Lovelace:1:2',
        1000,
      ),
    ).toBe('at http://127.0.0.1:8080/reset (x) and at /lookup/find');
  });

  it('replaces e-mail addresses, and leaves the rest of the text as it was', () => {
    expect(scrubReportText('No account for Ada.Lovelace+x@example.org, is that right?', 1000)).toBe(
      'No account for [e-mail] is that right?',
    );
    expect(scrubReportText('TypeError: a is undefined (reading "map")', 1000)).toBe(
      'TypeError: a is undefined (reading "map")',
    );
  });

  it('cuts the text to the limit', () => {
    expect(scrubReportText('x'.repeat(50), 10)).toBe('x'.repeat(10));
  });
});
