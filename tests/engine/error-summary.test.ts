import { describe, expect, it } from 'vitest';
import {
  errorSummary,
  fieldHref,
  pageOfKey,
  SUMMARY_HEADING,
} from '../../src/engine/error-summary';
import { formPages, pageById } from '../../src/forms/form-pages';
import { pageTitle, requiredMessage, ruleMessage, summaryTitle } from '../helpers/shipped-texts';

describe('the error summary (SPEC §2)', () => {
  it('groups errors by page in step order and by summary group, linking /{page}#{fieldKey}', () => {
    const summary = errorSummary(formPages, {
      legal_agree: ['Certify'],
      first_name: [requiredMessage('first_name')],
      birth_date: [
        ruleMessage('birth_date', { keyword: 'isoDate' }),
        ruleMessage('birth_date', { keyword: 'minAge' }),
      ],
      zip: [ruleMessage('zip', { keyword: 'pattern' })],
      entry_term: ['Please tell us when you plan to enroll.'],
    });
    expect(summary).toEqual({
      pages: [
        {
          page: 'about',
          title: pageTitle('about'),
          route: '/about',
          groups: [
            {
              id: 'name-and-birth',
              title: summaryTitle('about', 'name-and-birth'),
              links: [
                {
                  key: 'first_name',
                  href: '/about#first_name',
                  messages: [requiredMessage('first_name')],
                },
                {
                  key: 'birth_date',
                  href: '/about#birth_date',
                  messages: [
                    ruleMessage('birth_date', { keyword: 'isoDate' }),
                    ruleMessage('birth_date', { keyword: 'minAge' }),
                  ],
                },
              ],
            },
            {
              id: 'address',
              title: 'Address',
              links: [
                {
                  key: 'zip',
                  href: '/about#zip',
                  messages: [ruleMessage('zip', { keyword: 'pattern' })],
                },
              ],
            },
          ],
        },
        {
          page: 'education',
          title: pageTitle('education'),
          route: '/education',
          groups: [
            {
              id: 'entry-term',
              title: summaryTitle('education', 'entry-term'),
              links: [
                {
                  key: 'entry_term',
                  href: '/education#entry_term',
                  messages: ['Please tell us when you plan to enroll.'],
                },
              ],
            },
          ],
        },
        {
          page: 'final-steps',
          title: pageTitle('final-steps'),
          route: '/final-steps',
          groups: [
            {
              id: 'legal-agree',
              title: summaryTitle('final-steps', 'legal-agree'),
              links: [
                { key: 'legal_agree', href: '/final-steps#legal_agree', messages: ['Certify'] },
              ],
            },
          ],
        },
      ],
      unmapped: [],
    });
  });

  it('reports keys no page lists, and skips fields without messages', () => {
    expect(errorSummary(formPages, { mystery_key: ['Oops'], first_name: [] })).toEqual({
      pages: [],
      unmapped: ['mystery_key'],
    });
  });

  it('maps the SPEC §2 groups to their pages', () => {
    const page = (key: string) => pageOfKey(formPages, key)?.id;
    expect(page('parent_2_email_address')).toBe('about');
    expect(page('military_benefits')).toBe('about');
    expect(page('activity_interest_3')).toBe('education');
    expect(page('sat_score_math')).toBe('education');
    expect(page('counselor_waiver_request')).toBe('final-steps');
    expect(fieldHref(pageById('final-steps')!, 'legal_agree')).toBe('/final-steps#legal_agree');
    expect(SUMMARY_HEADING).toBe("We're missing some information!");
  });
});
