import { describe, expect, it } from 'vitest';
import { definitionChanges } from '../../src/engine/definition-changes';
import type { PageDefinition, Question } from '../../src/engine/definitions';

const now = new Date('2026-11-25T12:00:00Z');

function page(id: string, step: number, questions: Question[]): PageDefinition {
  return {
    id,
    title: `${id} page`,
    step,
    route: `/${id}`,
    errorSummary: [],
    sections: [{ id: `${id}-section`, questions }],
  };
}

const gender: Question = {
  type: 'radio',
  key: 'gender',
  label: 'Sex',
  options: [
    { value: 'F', label: 'Woman (fixture)' },
    { value: 'M', label: 'Man (fixture)' },
    { value: 'X', label: 'Another gender' },
  ],
};
const firstName: Question = {
  type: 'text',
  key: 'first_name',
  label: 'Given Name',
  required: true,
};
const nickname: Question = { type: 'text', key: 'nickname', label: 'Nickname' };

const before = [page('about', 1, [firstName, gender, nickname]), page('education', 2, [])];

describe('definitionChanges', () => {
  it('reports nothing when the definitions are the same', () => {
    const answers = { first_name: 'Ada', gender: 'X', nickname: 'A' };
    expect(definitionChanges(before, before, { answers }, now)).toEqual([]);
  });

  it('reports a required question that now shows and is unanswered, with its link', () => {
    const pronouns: Question = { type: 'text', key: 'pronouns', label: 'Pronouns', required: true };
    const after = [
      page('about', 1, [firstName, gender, nickname]),
      page('education', 2, [pronouns]),
    ];
    expect(definitionChanges(before, after, { answers: { first_name: 'Ada' } }, now)).toEqual([
      {
        page: 'education',
        title: 'education page',
        route: '/education',
        added: [{ key: 'pronouns', label: 'Pronouns', href: '/education#pronouns' }],
        options: [],
        removed: [],
      },
    ]);
  });

  it('leaves out added required questions that are answered or hidden by a condition', () => {
    const hidden: Question = {
      type: 'text',
      key: 'visa',
      label: 'Visa',
      required: true,
      condition: { valueKey: 'gender', operator: 'equals', target: 'F' },
    };
    const answered: Question = { type: 'text', key: 'pronouns', label: 'Pronouns', required: true };
    const after = [page('about', 1, [firstName, gender, hidden, answered])];
    const answers = { first_name: 'Ada', gender: 'M', pronouns: 'she/her' };
    expect(definitionChanges(before.slice(0, 1), after, { answers }, now)).toEqual([]);
  });

  it('does not report a required question the applicant had already been asked', () => {
    const after = [page('about', 1, [firstName, gender, { ...nickname, label: 'Known as' }])];
    expect(definitionChanges(before, after, { answers: {} }, now)).toEqual([]);
  });

  it('reports a question made required since the last save', () => {
    const after = [page('about', 1, [firstName, gender, { ...nickname, required: true }])];
    const changes = definitionChanges(before, after, { answers: { first_name: 'Ada' } }, now);
    expect(changes.map((c) => c.added)).toEqual([
      [{ key: 'nickname', label: 'Nickname', href: '/about#nickname' }],
    ]);
  });

  it('reports a chosen option the list no longer offers, with the label it had', () => {
    const fewer: Question = {
      ...gender,
      options: [
        { value: 'F', label: 'Woman (fixture)' },
        { value: 'M', label: 'Man (fixture)' },
      ],
    } as Question;
    const after = [page('about', 1, [firstName, fewer, nickname])];
    const answers = { first_name: 'Ada', gender: 'X' };
    expect(definitionChanges(before, after, { answers }, now)).toEqual([
      {
        page: 'about',
        title: 'about page',
        route: '/about',
        added: [],
        options: [{ key: 'gender', label: 'Sex', href: '/about#gender', was: 'Another gender' }],
        removed: [],
      },
    ]);
    // An applicant who chose an option still offered has nothing to do.
    expect(definitionChanges(before, after, { answers: { ...answers, gender: 'F' } }, now)).toEqual(
      [],
    );
  });

  it('does not call a dated option that passed its day a definition change', () => {
    const dated: Question = {
      type: 'select',
      key: 'term',
      label: 'Start term',
      options: [
        { value: 'F26', label: 'Autumn 26', starts: '2026-08-20' },
        { value: 'S27', label: 'Spring 27' },
      ],
    };
    const old = [page('about', 1, [dated])];
    const after = [page('about', 1, [{ ...dated, label: 'Entry term (start)' } as Question])];
    expect(definitionChanges(old, after, { answers: { term: 'F26' } }, now)).toEqual([]);
  });

  it('reports answers to questions no page asks any more, and only answered ones', () => {
    const after = [page('about', 1, [firstName, gender]), page('education', 2, [])];
    const answers = { first_name: 'Ada', nickname: 'A' };
    expect(definitionChanges(before, after, { answers }, now)).toEqual([
      {
        page: 'about',
        title: 'about page',
        route: '/about',
        added: [],
        options: [],
        removed: ['nickname'],
      },
    ]);
    expect(definitionChanges(before, after, { answers: { first_name: 'Ada' } }, now)).toEqual([]);
  });

  it('keeps the removed answers of a page today has no more under its old id', () => {
    const old = [...before, page('extra', 3, [{ type: 'text', key: 'essay', label: 'Essay' }])];
    const changes = definitionChanges(
      old,
      before,
      { answers: { first_name: 'Ada', essay: 'x' } },
      now,
    );
    expect(changes).toEqual([
      {
        page: 'extra',
        title: 'extra page',
        route: '/extra',
        added: [],
        options: [],
        removed: ['essay'],
      },
    ]);
  });

  it('follows conditions, branches and block counts of the answers and layout', () => {
    const legacy: Question = {
      type: 'yes-no',
      key: 'legacy_ind',
      label: 'Legacy?',
      then: [{ type: 'text', key: 'legacy_name', label: 'Relative', required: true }],
    };
    const activities: Question = {
      type: 'add-another',
      id: 'activities',
      max: 3,
      questions: [{ type: 'text', key: 'activity_{n}_role', label: 'Role {n}', required: true }],
    };
    const old = [page('about', 1, [{ ...legacy, then: [] } as Question])];
    const after = [page('about', 1, [legacy, activities])];
    const state = {
      answers: { legacy_ind: 'Y', activity_1_role: 'Captain' },
      addAnother: { activities: 2 },
    };
    expect(definitionChanges(old, after, state, now)[0]?.added.map((q) => q.key)).toEqual([
      'legacy_name',
      'activity_2_role',
    ]);
    const no = { answers: { legacy_ind: 'N', activity_1_role: 'Captain' } };
    expect(definitionChanges(old, after, no, now)).toEqual([]);
  });
});
