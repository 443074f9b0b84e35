import { describe, expect, it } from 'vitest';
import complete from '../fixtures/answers/complete.json';
import type { PageDefinition } from '../../src/engine/definitions';
import { formPages } from '../../src/forms/form-pages';
import { optionLabelOf } from '../helpers/shipped-texts';
import { documentNote, readOnlyDocument } from '../../src/engine/read-only-document';

const page: PageDefinition = {
  id: 'sample',
  title: 'Sample',
  step: 1,
  route: '/sample',
  errorSummary: [],
  sections: [
    {
      id: 'you',
      title: 'You',
      questions: [
        { type: 'paragraph', text: 'Tell us about yourself.' },
        { type: 'text', key: 'first_name', label: 'Given Name' },
        { type: 'text', key: 'middle_name', label: 'Other Names' },
        { type: 'date', key: 'birth_date', label: 'Birthday' },
        {
          type: 'radio',
          key: 'gender',
          label: 'Sex',
          options: [
            { value: 'F', label: 'Woman (fixture)' },
            { value: 'M', label: 'Man (fixture)' },
          ],
        },
        { type: 'checkbox', key: 'optin_sms_ind', label: 'Texts' },
        {
          type: 'yes-no',
          key: 'legacy_ind',
          label: 'Legacy?',
          then: [{ type: 'text', key: 'legacy_first_name', label: "Relative's Given Name" }],
          else: [{ type: 'text', key: 'legacy_reason', label: 'Why not?' }],
        },
        {
          type: 'checkbox-group',
          label: 'Race',
          items: [
            { key: 'race_asian', label: 'Asian (fixture)' },
            { key: 'race_white', label: 'White (fixture)' },
          ],
        },
      ],
    },
    {
      id: 'home',
      title: 'Home',
      questions: [
        { type: 'address', prefix: '', label: 'Home Address' },
        { type: 'school-search', prefix: 'hs_', category: 'hs_ceeb', label: 'School' },
      ],
    },
    {
      id: 'empty',
      title: 'Nothing answered here',
      questions: [{ type: 'text', key: 'nickname', label: 'Nickname' }],
    },
    {
      id: 'more',
      title: 'More',
      questions: [
        {
          type: 'tabs',
          id: 'transcript',
          tabs: [
            {
              id: 'upload',
              label: 'Upload',
              file: 'transcript_file',
              questions: [{ type: 'file', key: 'transcript_file', label: 'Transcript' }],
            },
            {
              id: 'report',
              label: 'Report',
              questions: [{ type: 'text', key: 'hs_gpa', label: 'GPA' }],
            },
          ],
        },
        {
          type: 'add-another',
          id: 'activity',
          max: 3,
          questions: [{ type: 'text', key: 'activity_{n}', label: 'Activity {n}' }],
        },
      ],
    },
  ],
};

const answers = {
  first_name: 'Zoë',
  middle_name: '   ',
  birth_date: '2007-04-12',
  gender: 'F',
  optin_sms_ind: 'false',
  legacy_ind: 'Y',
  legacy_ind_desc: 'Yes',
  legacy_first_name: 'Karin',
  legacy_reason: 'stale answer of a hidden branch',
  race_asian: '',
  race_white: 'true',
  address_line_1: '1 Main St',
  city: 'Springfield',
  country: 'USA',
  country_desc: 'United States',
  state: 'IL',
  zip: '62701',
  hs_name: 'Lincoln High School',
  hs_ceeb: '141234',
  transcript_file: 'ANSWERED',
  hs_gpa: '3.9',
  activity_1: 'Chess',
  activity_2: 'Choir',
  activity_3: 'Not shown: only two blocks',
};

describe('readOnlyDocument', () => {
  it('lists the visible, answered questions of each page as labels and display texts', () => {
    const document = readOnlyDocument(
      [page],
      { answers, addAnother: { activity: 2 } },
      { documents: { transcript_file: { file_name: 'transcript.pdf' } } },
    );
    expect(document).toEqual([
      {
        pageId: 'sample',
        title: 'Sample',
        sections: [
          {
            id: 'you',
            title: 'You',
            rows: [
              { key: 'first_name', label: 'Given Name', value: 'Zoë' },
              { key: 'birth_date', label: 'Birthday', value: '04/12/2007' },
              { key: 'gender', label: 'Sex', value: 'Woman (fixture)' },
              { key: 'optin_sms_ind', label: 'Texts', value: '[ ]' },
              { key: 'legacy_ind', label: 'Legacy?', value: 'Yes' },
              { key: 'legacy_first_name', label: "Relative's Given Name", value: 'Karin' },
              { key: 'race_asian', label: 'Asian (fixture)', value: '[ ]' },
              { key: 'race_white', label: 'White (fixture)', value: '[X]' },
            ],
          },
          {
            id: 'home',
            title: 'Home',
            rows: [
              {
                key: 'address_line_1',
                label: 'Home Address',
                value: '1 Main St, Springfield, IL 62701, United States',
              },
              { key: 'hs_name', label: 'School', value: 'Lincoln High School (141234)' },
            ],
          },
          {
            id: 'more',
            title: 'More',
            rows: [
              {
                key: 'transcript_file',
                label: 'Transcript',
                value: 'Document attached: transcript.pdf',
              },
              { key: 'activity_1', label: 'Activity 1', value: 'Chess' },
              { key: 'activity_2', label: 'Activity 2', value: 'Choir' },
            ],
          },
        ],
      },
    ]);
  });

  it("shows a chosen option by the reader's label, not the _desc stored in the applicant's language", () => {
    // A Spanish applicant's browser stores the label it showed (issue 40); staff read English.
    const spanish = { ...answers, gender_desc: 'Mujer', legacy_ind_desc: 'Sí' };
    const [sample] = readOnlyDocument([page], { answers: spanish });
    const rows = sample!.sections.flatMap((s) => s.rows);
    expect(rows.find((r) => r.key === 'gender')?.value).toBe('Woman (fixture)');
    expect(rows.find((r) => r.key === 'legacy_ind')?.value).toBe('Yes');
  });

  it('falls back to the stored _desc for a value its question no longer lists', () => {
    const retired = { ...answers, gender: 'X', gender_desc: 'Another (retired option)' };
    const [sample] = readOnlyDocument([page], { answers: retired });
    const rows = sample!.sections.flatMap((s) => s.rows);
    expect(rows.find((r) => r.key === 'gender')?.value).toBe('Another (retired option)');
  });

  it('shows the chosen tab only', () => {
    const [sample] = readOnlyDocument([page], { answers, tabs: { transcript: 'report' } });
    const more = sample!.sections.find((s) => s.id === 'more');
    expect(more?.rows[0]).toEqual({ key: 'hs_gpa', label: 'GPA', value: '3.9' });
  });

  it('notes a document without its name when the name is not known', () => {
    const [sample] = readOnlyDocument([page], { answers });
    const rows = sample!.sections.flatMap((s) => s.rows);
    expect(rows.find((r) => r.key === 'transcript_file')?.value).toBe(documentNote());
    expect(documentNote()).toBe('Document attached');
  });

  it('keeps every page, even with no answers', () => {
    expect(readOnlyDocument(formPages, { answers: {} })).toEqual(
      formPages.map((p) => ({ pageId: p.id, title: p.title, sections: [] })),
    );
  });

  it('renders the complete application with the forms of the university', () => {
    const document = readOnlyDocument(formPages, {
      answers: complete,
      addAnother: { activity_interest: 2 },
    });
    const rows = document.flatMap((p) => p.sections.flatMap((s) => s.rows));
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(byKey).toMatchObject({
      gender: optionLabelOf('gender', complete.gender),
      hs_name:
        'Northfield High School (241930), 1400 Division Street South, Northfield, MN 55057, United States',
      mailing_address_line_1: 'PO Box 88, Dundas, MN 55019, United States',
      legal_agree: '[X]',
      activity_interest_2: optionLabelOf('activity_interest_2', complete.activity_interest_2),
      race_white: '[X]',
    });
    // The transcript tab is chosen (the default), so the self-reported GPA is not shown.
    expect(byKey.hs_gpa).toBeUndefined();
    expect(byKey.act_plan_month).toBe('October');
    expect(byKey.act_score_composite).toBeUndefined();
  });
});
