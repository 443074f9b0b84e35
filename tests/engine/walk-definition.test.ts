import { describe, expect, it } from 'vitest';
import type { PageDefinition } from '../../src/engine/definitions';
import {
  allQuestions,
  tabsQuestionById,
  walkDefinition,
  type QuestionNode,
  type WalkOptions,
} from '../../src/engine/walk-definition';

const page: PageDefinition = {
  id: 'p',
  title: 'P',
  step: 1,
  route: '/p',
  errorSummary: [],
  sections: [
    {
      id: 'one',
      condition: { valueKey: 'show', operator: 'equals', target: 'Y' },
      questions: [
        { type: 'paragraph', text: 'Hello' },
        {
          type: 'yes-no',
          key: 'moved',
          label: 'Moved?',
          then: [{ type: 'text', key: 'when', label: 'When' }],
          else: [{ type: 'text', key: 'why', label: 'Why not' }],
        },
      ],
    },
    {
      id: 'two',
      questions: [
        {
          type: 'add-another',
          id: 'jobs',
          max: 2,
          questions: [
            {
              type: 'tabs',
              id: 'kind_{n}',
              tabs: [
                { id: 'paid', label: 'Paid', questions: [{ type: 'text', key: 'pay_{n}' }] },
                { id: 'unpaid', label: 'Unpaid', questions: [] },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/** Each question as `pointer key-or-type [enclosures]`, in the order the walk visits them. */
function visits(options?: WalkOptions): string[] {
  const out: string[] = [];
  const name = ({ question }: QuestionNode) =>
    'key' in question
      ? question.key
      : 'id' in question && question.id
        ? question.id
        : question.type;
  walkDefinition(
    page,
    {
      section: (section, pointer) => out.push(`${pointer} section ${section.id}`),
      question: (node) => {
        const inside = node.enclosures.map((e) =>
          e.kind === 'block'
            ? `block ${e.question.id}${e.n === undefined ? '' : ` ${e.n}`}`
            : e.kind === 'tab'
              ? `tab ${e.tab.id}`
              : `${e.branch} of ${e.question.key}`,
        );
        out.push(`${node.pointer} ${name(node)} in ${node.section.id} [${inside.join(', ')}]`);
      },
    },
    options,
  );
  return out;
}

describe('the definition walk', () => {
  it('visits every section and question depth first with its JSON pointer and enclosures', () => {
    expect(visits()).toEqual([
      '/sections/0 section one',
      '/sections/0/questions/0 paragraph in one []',
      '/sections/0/questions/1 moved in one []',
      '/sections/0/questions/1/then/0 when in one [then of moved]',
      '/sections/0/questions/1/else/0 why in one [else of moved]',
      '/sections/1 section two',
      '/sections/1/questions/0 jobs in two []',
      '/sections/1/questions/0/questions/0 kind_{n} in two [block jobs]',
      '/sections/1/questions/0/questions/0/tabs/0/questions/0 pay_{n} in two [block jobs, tab paid]',
    ]);
  });

  it('walks each add-another block with {n} replaced when asked, keeping the pointers as written', () => {
    expect(visits({ blocks: true }).slice(6)).toEqual([
      '/sections/1/questions/0 jobs in two []',
      '/sections/1/questions/0/questions/0 kind_1 in two [block jobs 1]',
      '/sections/1/questions/0/questions/0/tabs/0/questions/0 pay_1 in two [block jobs 1, tab paid]',
      '/sections/1/questions/0/questions/0 kind_2 in two [block jobs 2]',
      '/sections/1/questions/0/questions/0/tabs/0/questions/0 pay_2 in two [block jobs 2, tab paid]',
    ]);
  });

  it('shares one enclosures array between siblings', () => {
    const nodes: QuestionNode[] = [];
    walkDefinition(page, { question: (node) => nodes.push(node) });
    const [moved, when, why] = nodes.slice(1, 4);
    expect(when!.enclosures).not.toBe(why!.enclosures);
    expect(nodes[0]!.enclosures).toBe(moved!.enclosures);
  });

  it('lists every question as written and finds a tabs question by its id', () => {
    expect(allQuestions(page).map((q) => ('key' in q ? q.key : q.type))).toEqual([
      'paragraph',
      'moved',
      'when',
      'why',
      'add-another',
      'tabs',
      'pay_{n}',
    ]);
    expect(tabsQuestionById(page, 'kind_{n}')?.tabs.map((tab) => tab.id)).toEqual([
      'paid',
      'unpaid',
    ]);
    expect(tabsQuestionById(page, 'jobs')).toBeUndefined();
  });
});
