/**
 * pageQuestionModules: the source files of the question types a page uses that load apart, which
 * the server preloads with the prerendered page (issue 43). They are named as Vite's manifest
 * names them, so each must be a file; a type that loads with the form chunk is not listed.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PageDefinition } from '../../../src/engine/definitions';
import { formPages } from '../../../src/forms/form-pages';
import { pageQuestionModules } from '../../../src/client/questions/question-renderers';

describe('pageQuestionModules', () => {
  it('lists a long text question’s module, not a plain text question’s, once', () => {
    const page = {
      id: 'fixture',
      route: '/fixture',
      title: 'Fixture',
      step: 1,
      sections: [
        {
          id: 'one',
          title: 'One',
          questions: [
            { key: 'essay', type: 'textarea', label: 'Essay' },
            { key: 'essay_two', type: 'textarea', label: 'Another' },
            { key: 'name', type: 'text', label: 'Name' },
          ],
        },
      ],
    } as unknown as PageDefinition;
    expect(pageQuestionModules(page)).toEqual(['src/client/questions/textarea-question.tsx']);
  });

  it('names files that exist for every page of the application', () => {
    for (const page of formPages)
      for (const module of pageQuestionModules(page)) expect(existsSync(module), module).toBe(true);
  });
});
