import { describe, expect, it } from 'vitest';
import { setAnswer, switchTab, tabSwitch } from '../../src/engine/answer-changes';
import type { PageDefinition, TabsQuestion } from '../../src/engine/definitions';
import { clearHidden, clearKeys, visibleKeys } from '../../src/engine/visibility';

const tabs: TabsQuestion = {
  type: 'tabs',
  id: 'transcript',
  tabs: [
    {
      id: 'upload',
      label: 'Upload',
      clears: ['gpa'],
      file: 'transcript_file',
      questions: [{ type: 'file', key: 'transcript_file', label: 'Transcript' }],
    },
    { id: 'report', label: 'Report', questions: [{ type: 'text', key: 'gpa', label: 'GPA' }] },
  ],
};

const page: PageDefinition = {
  id: 'sample',
  title: 'Sample',
  step: 1,
  route: '/sample',
  errorSummary: [],
  sections: [
    {
      id: 'one',
      questions: [
        {
          type: 'yes-no',
          key: 'legacy_ind',
          label: 'Legacy?',
          then: [
            {
              type: 'select',
              key: 'legacy_relation',
              label: 'Relation',
              options: [{ value: 'P', label: 'Parent' }],
            },
            {
              type: 'text',
              key: 'legacy_year',
              label: 'Year',
              condition: { valueKey: 'legacy_relation', operator: 'equals', target: 'P' },
            },
          ],
          else: [{ type: 'text', key: 'why_not', label: 'Why not?' }],
        },
        { type: 'address', prefix: 'home_', label: 'Home', parts: ['country', 'state', 'zip'] },
        tabs,
        {
          type: 'add-another',
          id: 'activity',
          max: 3,
          questions: [{ type: 'text', key: 'activity_{n}', label: 'Activity {n}' }],
        },
      ],
    },
    {
      id: 'two',
      condition: { valueKey: 'home_country', operator: 'equals', target: 'USA' },
      questions: [{ type: 'checkbox', key: 'us_resident', label: 'Resident' }],
    },
  ],
};

describe('visible keys', () => {
  it('shows yes-no branches by the answer, and hides conditional sections', () => {
    expect(visibleKeys(page, { answers: {} })).toEqual([
      'legacy_ind',
      'home_country',
      'home_zip',
      'transcript_file',
      'activity_1',
    ]);
    expect(visibleKeys(page, { answers: { legacy_ind: 'Y', home_country: 'USA' } })).toEqual([
      'legacy_ind',
      'legacy_relation',
      'home_country',
      'home_state',
      'home_zip',
      'transcript_file',
      'activity_1',
      'us_resident',
    ]);
    expect(visibleKeys(page, { answers: { legacy_ind: 'N' } })).toContain('why_not');
  });

  it('shows only the chosen tab (the first by default) and as many blocks as the count', () => {
    const state = { answers: {}, tabs: { transcript: 'report' }, addAnother: { activity: 2 } };
    const keys = visibleKeys(page, state);
    expect(keys).toContain('gpa');
    expect(keys).not.toContain('transcript_file');
    expect(keys).toEqual(expect.arrayContaining(['activity_1', 'activity_2']));
    expect(keys).not.toContain('activity_3');
  });
});

describe('clearing what a condition hides', () => {
  it('clears hidden answers and their _desc companions, cascading', () => {
    const answers = {
      legacy_ind: 'N',
      legacy_relation: 'P',
      legacy_relation_desc: 'Parent',
      legacy_year: '1990',
      home_country: 'MEX',
      home_state: 'ON',
      home_state_desc: 'Ontario',
      us_resident: 'true',
      why_not: 'No one',
    };
    expect(clearHidden(page, answers)).toEqual({
      ...answers,
      legacy_relation: '',
      legacy_relation_desc: '',
      legacy_year: '',
      home_state: '',
      home_state_desc: '',
      us_resident: '',
    });
  });

  it('returns the very same object when nothing is hidden, and never mutates its input', () => {
    const answers = { legacy_ind: 'Y', legacy_relation: 'P', legacy_year: '1990' };
    expect(clearHidden(page, answers)).toBe(answers);
    const hidden = { legacy_ind: 'N', legacy_year: '1990' };
    clearHidden(page, hidden);
    expect(hidden.legacy_year).toBe('1990');
  });

  it('does not clear answers in a tab not chosen or a block beyond the count', () => {
    const answers = { gpa: '3.9', activity_3: 'Chess' };
    expect(clearHidden(page, answers)).toBe(answers);
  });

  it('clearKeys sets keys and companions to empty strings, leaving absent keys absent', () => {
    expect(clearKeys({ a: 'x', a_desc: 'X', b: '' }, ['a', 'b', 'c'])).toEqual({
      a: '',
      a_desc: '',
      b: '',
    });
  });
});

describe('setting an answer', () => {
  it('stores the _desc and clears the dependent select when the country changes', () => {
    const before = { home_country: 'USA', home_state: 'MN', home_state_desc: 'Minnesota' };
    expect(setAnswer(page, before, 'home_country', 'CAN', 'Canada')).toEqual({
      home_country: 'CAN',
      home_country_desc: 'Canada',
      home_state: '',
      home_state_desc: '',
    });
  });

  it('keeps dependents when the value does not change', () => {
    const before = { home_country: 'USA', home_state: 'MN' };
    expect(setAnswer(page, before, 'home_country', 'USA')).toEqual(before);
  });

  it('clears the branch a yes-no answer hides', () => {
    const before = { legacy_ind: 'Y', legacy_relation: 'P', legacy_year: '1990' };
    expect(setAnswer(page, before, 'legacy_ind', 'N', 'No')).toEqual({
      legacy_ind: 'N',
      legacy_ind_desc: 'No',
      legacy_relation: '',
      legacy_year: '',
    });
  });
});

describe('switching tabs', () => {
  it("clears the chosen tab's list and deletes the file of the tab left", () => {
    expect(tabSwitch(tabs, 'upload', 'report')).toEqual({
      clear: [],
      deleteFile: 'transcript_file',
    });
    expect(tabSwitch(tabs, 'report', 'upload')).toEqual({ clear: ['gpa'] });
    expect(tabSwitch(tabs, 'upload', 'upload')).toEqual({ clear: [] });
  });

  it('records the choice and clears the listed answers', () => {
    const state = { answers: { gpa: '3.9', gpa_desc: '' }, tabs: { transcript: 'report' } };
    expect(switchTab(state, tabs, 'upload')).toEqual({
      answers: { gpa: '', gpa_desc: '' },
      tabs: { transcript: 'upload' },
    });
  });
});
