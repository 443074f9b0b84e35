import { describe, expect, it } from 'vitest';
import type { Finding } from '../../scripts/forms-check/findings';
import { fixtureCopy, place } from '../fixtures/forms-check/fixture-copy';

/**
 * One source for each condition (issue 39): forms:check evaluates a question's condition and
 * `required` in the page and its rule's if/then in the schema over every value the answers they
 * read can take, and reports a disagreement at both places; a compared value must be one the
 * compared question offers.
 */
const PAGE = 'forms/sample.json';
const SCHEMA = 'schemas/sample.schema.json';
const INSTRUMENT_REQUIRED = '"target": "MUS" },\n          "required": true';

const of = (findings: Finding[], check: string) =>
  findings.filter((f) => f.check === check).map((f) => [place(f), f.message]);

describe('forms:check on conditions written twice', () => {
  it('finds nothing when the page and the schema agree', () => {
    expect(fixtureCopy().check()).toEqual([]);
  });

  it('reports a rule whose "if" names another option than the condition, at both places', () => {
    const copy = fixtureCopy();
    copy.edit(SCHEMA, '{ "const": "MUS" }', '{ "const": "ART" }');
    const page = copy.where(PAGE, INSTRUMENT_REQUIRED, INSTRUMENT_REQUIRED.indexOf('true'));
    const schema = copy.where(SCHEMA, '"instrument": {');
    const findings = copy.check();
    expect(of(findings, 'condition-disagrees')).toEqual([
      [
        page,
        expect.stringMatching(
          /^When applied_major is "MUS", page "sample" marks "instrument" required, but .*sample\.schema\.json:(\d+:\d+) does not require "instrument"\./,
        ),
      ],
      [
        schema,
        expect.stringMatching(
          /^When applied_major is "MUS", this schema does not require "instrument", but .*sample\.json:(\d+:\d+) marks "instrument" required\./,
        ),
      ],
    ]);
    const [first, second] = findings.map((f) => f.message);
    expect(first).toContain(`sample.schema.json:${schema.split(':').slice(1).join(':')}`);
    expect(second).toContain(`sample.json:${page.split(':').slice(1).join(':')}`);
    expect(findings).toHaveLength(2);
  });

  it('reports a question the schema requires but the page does not mark required', () => {
    const copy = fixtureCopy();
    copy.edit(
      PAGE,
      ',\n          "required": { "valueKey": "optin_sms_ind", "operator": "equals", "target": "true" }',
      '',
    );
    const findings = copy.check();
    expect(of(findings, 'condition-disagrees').map(([, message]) => message)).toEqual([
      expect.stringMatching(
        /^When optin_sms_ind is "true", page "sample" does not mark "phone_mobile" required, but .* requires "phone_mobile"\./,
      ),
      expect.stringMatching(
        /^When optin_sms_ind is "true", this schema requires "phone_mobile", but .* does not mark "phone_mobile" required\./,
      ),
    ]);
    expect(findings.map((f) => f.check)).toEqual(['condition-disagrees', 'condition-disagrees']);
  });

  it('evaluates the branch of a yes-no question as a condition on its answer', () => {
    const copy = fixtureCopy();
    copy.edit(PAGE, '"label": "SAT Score", "required": true', '"label": "SAT Score"');
    const messages = of(copy.check(), 'condition-disagrees').map(([, message]) => message);
    expect(messages[0]).toMatch(
      /^When sat_taken is "Y", page "sample" does not mark "sat_score" required/,
    );
    expect(messages).toHaveLength(2);
  });

  it('reports a rule that requires an answer only while it was never given', () => {
    const copy = fixtureCopy();
    copy.edit(
      SCHEMA,
      '"minLength": 1,\n            "errorMessage": "Your Instrument',
      '"errorMessage": "Your Instrument',
    );
    const messages = of(copy.check(), 'condition-disagrees').map(([, message]) => message);
    expect(messages[0]).toMatch(
      /requires "instrument" only while never answered \(an emptied answer passes\)/,
    );
  });
});

describe('forms:check on conditions over lists of options', () => {
  it("tries every option a list condition names against the rule's enum", () => {
    const copy = fixtureCopy();
    copy.edit(
      PAGE,
      '"operator": "equals", "target": "MUS" }',
      '"operator": "in", "target": ["MUS", "ART"] }',
    );
    copy.edit(SCHEMA, '{ "const": "MUS" }', '{ "enum": ["MUS", "BIO"] }');
    const messages = of(copy.check(), 'condition-disagrees').map(([, message]) => message);
    // ART: shown and marked required, not required by the rule. BIO: the question is hidden.
    expect(messages).toEqual([
      expect.stringMatching(
        /^When applied_major is "ART", page "sample" marks "instrument" required, but /,
      ),
      expect.stringMatching(
        /^When applied_major is "ART", this schema does not require "instrument"/,
      ),
    ]);
  });
});

describe('forms:check on compared values', () => {
  it('names the nearest option of a condition target no option has', () => {
    const copy = fixtureCopy();
    copy.edit(PAGE, '"target": "MUS" }', '"target": "MUSI" }');
    expect(of(copy.check(), 'condition-target')).toEqual([
      [
        copy.where(PAGE, '"MUSI"'),
        expect.stringMatching(
          /^The condition compares "applied_major" with "MUSI", which its question \(.*sample\.json:\d+:\d+\) does not offer, so it never matches\. Did you mean "MUS" \(Music\)\?$/,
        ),
      ],
    ]);
  });

  it('checks the values a schema\'s "if" compares, and lists the options when none is near', () => {
    const copy = fixtureCopy();
    copy.edit(SCHEMA, '{ "const": "Y" }', '{ "const": "Yes" }');
    const findings = copy.check();
    expect(of(findings, 'condition-target')).toEqual([
      [
        copy.where(SCHEMA, '"Yes"'),
        expect.stringMatching(
          /^The rule's "if" compares "sat_taken" with "Yes", .* It offers "Y", "N"\.$/,
        ),
      ],
    ]);
    // The rule can no longer hold, so it also disagrees with the page.
    expect(of(findings, 'condition-disagrees')).toHaveLength(2);
  });
});
