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

  it('still scrubs a path longer than its bounded run, and hostile text passes through whole', () => {
    const long = `/${'a/'.repeat(200)}page?token=secret`;
    expect(scrubReportText(`at ${long} then`, 8000)).toBe(`at /${'a/'.repeat(200)}page then`);
    // Runs of slashes or of letters with no "@" once made the scrub backtrack quadratically.
    expect(scrubReportText('/'.repeat(8000), 8000)).toBe('/'.repeat(8000));
    expect(scrubReportText(`${'a'.repeat(7990)}@b.edu`, 8000)).toBe(`${'a'.repeat(7926)}[e-mail]`);
  });

  it('cuts the text to the limit', () => {
    expect(scrubReportText('x'.repeat(50), 10)).toBe('x'.repeat(10));
  });
});
