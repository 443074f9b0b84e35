// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  preloadQuestionTypes,
  questionRenderers,
} from '../../../src/client/questions/question-renderers';
import type { QuestionComponent } from '../../../src/client/renderer/question-props';
import type { QuestionType } from '../../../src/engine/question-types';
import { questionTypes } from '../../../src/engine/question-types';
import { pageById } from '../../../src/forms/form-pages';
import { pageValidator } from '../../../src/forms/page-validators';
import { visibleKeys } from '../../../src/engine/visibility';
import { focusField } from '../../../src/client/renderer/focus-field';
import { pageOf, renderForm } from '../questions/render-form';
import { blockLabelOf, labelOf } from '../../helpers/shipped-texts';

// The question types /about does not use load apart in the browser (and in lazy-question.test.tsx);
// here they are loaded first, so that each renders in the same turn as the page.
beforeAll(() => preloadQuestionTypes());

const about = pageById('about')!;
const education = pageById('education')!;
const finalSteps = pageById('final-steps')!;

describe('question renderers', () => {
  it('has a component for every question type of the form language', () => {
    expect(Object.keys(questionRenderers).sort()).toEqual([...questionTypes].sort());
    for (const type of questionTypes) expect(questionRenderers[type], type).toBeTypeOf('function');
  });

  it('does not compile without a component for every type', () => {
    // @ts-expect-error: 'paragraph' has no component, so the record is incomplete.
    const partial: typeof questionRenderers = { ...questionRenderers, paragraph: undefined };
    expect(partial.paragraph).toBeUndefined();
  });
});

describe('page renderer', () => {
  it.each([about, education, finalSteps])(
    'draws $title with its sections, and an anchor and message for every error',
    (page) => {
      const { store } = renderForm(page, {
        validatorOf: pageValidator,
        environment: { status: 'validating', loggedIn: true },
      });
      for (const section of page.sections.filter((s) => s.title))
        expect(screen.getByRole('heading', { level: 2, name: section.title })).toBeInTheDocument();
      const errors = Object.entries(store.getErrors());
      expect(errors.length).toBeGreaterThan(0);
      for (const [key, messages] of errors) {
        const field = document.getElementById(key);
        expect(field, key).toBeInTheDocument();
        expect(document.getElementById(`${key}-error`)?.textContent).toBe(
          `Error: ${messages.join('')}`,
        );
        expect(focusField(key), key).toBe(true);
        expect(field!.contains(document.activeElement)).toBe(true);
      }
    },
  );

  it('gives every field that shows on About You an anchor', () => {
    const { store } = renderForm(about, { validatorOf: pageValidator });
    for (const key of visibleKeys(about, store.getState()))
      expect(document.getElementById(key), key).toBeInTheDocument();
  });

  it('opens manual school entry when an address part of the school has an error', () => {
    const page = pageOf([
      { type: 'school-search', prefix: 'hs_', category: 'hs_ceeb', label: 'High School (fixture)' },
    ]);
    renderForm(page, {
      environment: { status: 'validating' },
      validatorOf: () => {
        const validator = Object.assign(() => false, {
          errors: [
            {
              instancePath: '/hs_city',
              keyword: 'errorMessage',
              message: 'City missing (fixture).',
              params: {},
            },
          ],
        });
        return validator;
      },
    });
    expect(document.getElementById('hs_city-error')?.textContent).toBe(
      'Error: City missing (fixture).',
    );
  });

  it('reveals the mailing address when the applicant answers No, and hides it on Yes', () => {
    const { store } = renderForm(about, { validatorOf: pageValidator });
    expect(document.getElementById('mailing_address_line_1')).not.toBeInTheDocument();
    const question = document.getElementById('mailing_addr_same_as_perm_addr')!;
    fireEvent.click(within(question).getByLabelText('No'));
    expect(screen.getByRole('group', { name: blockLabelOf('mailing_') })).toBeInTheDocument();
    fireEvent.change(document.getElementById('mailing_city-input')!, {
      target: { value: 'Duluth' },
    });
    fireEvent.click(within(question).getByLabelText('Yes'));
    expect(screen.queryByRole('group', { name: blockLabelOf('mailing_') })).not.toBeInTheDocument();
    expect(store.getState().answers.mailing_city).toBe('');
  });
});

describe('rendering cost', () => {
  const restore: Array<() => void> = [];
  afterEach(() => restore.splice(0).forEach((undo) => undo()));

  /** Wraps the component of a type in a Profiler counting commits per field key. */
  function countRenders(types: QuestionType[]) {
    const counts = new Map<string, number>();
    // Swapped for the test and restored after it; each entry keeps its type's props.
    const renderers = questionRenderers as Record<QuestionType, QuestionComponent>;
    for (const type of types) {
      const Original = renderers[type];
      const Counted: QuestionComponent = (props) => {
        const id = 'key' in props.question ? props.question.key : type;
        return (
          <Profiler id={id} onRender={(key) => counts.set(key, (counts.get(key) ?? 0) + 1)}>
            <Original {...props} />
          </Profiler>
        );
      };
      renderers[type] = Counted;
      restore.push(() => (renderers[type] = Original));
    }
    return counts;
  }

  it('re-renders only the field being typed in, not unrelated questions', async () => {
    const counts = countRenders(['text', 'radio', 'select', 'phone', 'date', 'yes-no']);
    const { user } = renderForm(about, {
      validatorOf: pageValidator,
      environment: { status: 'validating' },
    });
    const before = new Map(counts);
    expect(before.get('last_name')).toBe(1);

    await user.type(document.getElementById('first_name-input')!, 'Ada');
    expect(counts.get('first_name')! - before.get('first_name')!).toBeGreaterThanOrEqual(3);
    const rerendered = [...counts].filter(
      ([key, n]) => key !== 'first_name' && n !== before.get(key),
    );
    expect(rerendered).toEqual([]);
  });

  it('re-renders a field whose required marker depends on the answer typed', async () => {
    const counts = countRenders(['phone', 'text']);
    const { user } = renderForm(about, { validatorOf: pageValidator });
    const home = () => document.getElementById('phone_home')!.querySelector('label')!;
    expect(home().textContent).toBe(`${labelOf('phone_home')} *`);
    const before = counts.get('phone_home')!;
    await user.type(document.getElementById('phone_mobile-input')!, '5075551234');
    // Required only while there is neither a cell nor an international number: it re-rendered
    // once, when that changed.
    expect(home().textContent).toBe(labelOf('phone_home'));
    expect(counts.get('phone_home')! - before).toBe(1);
    expect(counts.get('first_name')).toBe(1);
  });
});
