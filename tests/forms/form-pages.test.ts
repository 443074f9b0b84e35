import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formPages, pageById, siteConfig } from '../../src/forms/form-pages';
import { pageValidator } from '../../src/forms/page-validators';
import { pageKeys } from '../../src/engine/page-fields';
import { questionTypes } from '../../src/engine/question-types';

const address = (prefix: string, line2 = true) =>
  ['address_line_1', ...(line2 ? ['address_line_2'] : []), 'city', 'state', 'zip', 'country'].map(
    (k) => prefix + k,
  );
const parent = (prefix: string) =>
  [
    'relationship',
    'prefix',
    'first_name',
    'last_name',
    'email_address',
    'phone',
    'phone_type',
    'grad_wu',
    'addr_same_as_stu_perm',
  ]
    .map((k) => prefix + k)
    .concat(address(prefix));

/** SPEC §3 "Student answers", by the page the error summary assigns (SPEC §2). */
const specKeys: Record<string, string[]> = {
  about: [
    ...[
      'first_name',
      'middle_name',
      'last_name',
      'preferred_name',
      'prev_name',
      'birth_date',
      'gender',
      'gender_iden',
    ],
    ...['phone_home', 'phone_mobile', 'phone_international', 'optin_sms_ind'],
    ...address(''),
    'mailing_addr_same_as_perm_addr',
    ...address('mailing_'),
    'mailing_addr_effective_date',
    ...['citizenship_type', 'citizenship', 'alien_registration_number', 'citizenship_visa_status'],
    ...[
      'ethnicity',
      'race_american_indian',
      'race_asian',
      'race_black',
      'race_native_hawaiian',
      'race_white',
      'unknown',
    ],
    'military_benefits',
    ...['legacy_ind', 'legacy_first_name', 'legacy_last_name'],
    ...parent('parent_'),
    ...parent('parent_2_'),
    'parent_communication_preference',
  ],
  education: [
    ...['entry_term', 'applied_major', 'live_on_campus'],
    ...[
      'counselor_first_name',
      'counselor_last_name',
      'counselor_email_address',
      'grad_month',
      'grad_year',
      'hs_ceeb',
      'hs_name',
    ],
    ...address('hs_', false),
    ...[
      'hs_gpa',
      'sat_taken',
      'sat_score_math',
      'sat_score_reading_writing',
      'sat_score_essay_reading',
      'sat_score_essay_analysis',
      'sat_score_essay_writing',
    ],
    ...[
      'sat_plan_month',
      'sat_plan_year',
      'act_taken',
      'act_score_composite',
      'act_plan_month',
      'act_plan_year',
    ],
    ...['activity_interest_1', 'activity_interest_2', 'activity_interest_3'],
  ],
  'final-steps': ['counselor_waiver_request', 'legal_agree'],
};

const dataModel = JSON.parse(readFileSync('schemas/answers.schema.json', 'utf8')) as {
  properties: Record<string, unknown>;
};

describe('the shipped pages', () => {
  it('are about, education and final-steps, in step order, with their routes', () => {
    expect(formPages.map((p) => [p.step, p.id, p.route])).toEqual([
      [1, 'about', '/about'],
      [2, 'education', '/education'],
      [3, 'final-steps', '/final-steps'],
    ]);
  });

  it.each(Object.entries(specKeys))(
    '%s asks every SPEC §3 key the error summary assigns it',
    (id, keys) => {
      const page = pageById(id)!;
      const summary = page.errorSummary.flatMap((g) => g.keys);
      expect(pageKeys(page)).toEqual(expect.arrayContaining(keys));
      expect(summary).toEqual(expect.arrayContaining(keys));
      for (const key of keys) expect(dataModel.properties).toHaveProperty(key);
    },
  );

  it('every page has a compiled validator', () => {
    for (const page of formPages) expect(typeof pageValidator(page.id)).toBe('function');
  });

  it("the language lists exactly the engine's question types", () => {
    const language = JSON.parse(readFileSync('schemas/form-definition.schema.json', 'utf8')) as {
      definitions: { question: { properties: { type: { enum: string[] } } } };
    };
    expect(language.definitions.question.properties.type.enum).toEqual([...questionTypes]);
  });

  it('site.json holds a fictional university by default', () => {
    expect(siteConfig.university.name).toBe('Northfield State University');
    expect(siteConfig.alerts).toHaveLength(4);
  });
});
