// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/client/app';
import { createApp } from '../../../src/client/create-app';
import { memoryHistory } from '../../../src/client/routing/memory-history';
import { submittedMessage } from '../../../src/client/messages';
import { jsonResponse } from '../render-app';
import {
  completeAnswers,
  fakeServer,
  findPage,
  logIn,
  profileOf,
  profileRoute,
} from './session-fixtures';
import { pageTitle } from '../../helpers/shipped-texts';

describe('the completion page', () => {
  it.each([
    ['straight after opening the page', false],
    ['after a Save whose toast still shows', true],
  ])(
    'shows one toast after a submit %s, with the app in StrictMode as main.tsx renders it',
    async (_when, saveFirst) => {
      logIn();
      fakeServer({
        ...profileRoute(profileOf({ answer: completeAnswers, last_page: '/final-steps' })),
        'PUT /api/answer': jsonResponse({ message: 'Your answers have been saved.' }),
        'POST /api/submit': jsonResponse({ message: submittedMessage() }),
      });
      const app = createApp({ history: memoryHistory(['/final-steps']) });
      const user = userEvent.setup();
      render(
        <StrictMode>
          <App app={app} />
        </StrictMode>,
      );
      await findPage(pageTitle('final-steps'));
      if (saveFirst) {
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await screen.findByText('Your answers have been saved.', { selector: '.toast__message' });
      }
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByRole('heading', { level: 1, name: 'Application submitted' });
      await screen.findByText(submittedMessage(), { selector: '.toast__message' });
      // A second toast would come from a second navigation's state or an earlier save.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect([...document.querySelectorAll('.toast__message')].map((t) => t.textContent)).toEqual([
        submittedMessage(),
      ]);
    },
  );
});
