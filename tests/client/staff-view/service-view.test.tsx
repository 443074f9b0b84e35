// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { fakeServer, logIn } from '../session/session-fixtures';
import { blockLabelOf, labelOf, optionLabelOf, pageTitle } from '../../helpers/shipped-texts';

const serviceAnswers = {
  answer: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    gender: 'F',
    gender_desc: optionLabelOf('gender', 'F'),
    birth_date: '2007-05-01',
    optin_sms_ind: 'true',
    address_line_1: '1 College Avenue',
    city: 'Northfield',
    state: 'MN',
    zip: '55057',
    country: 'USA',
    race_asian: 'true',
    race_white: '',
    hs_name: 'Northfield High School',
    hs_ceeb: '241234',
    hs_city: 'Northfield',
    hs_state: 'MN',
    transcript_file: 'ANSWERED',
    legal_agree: 'true',
  },
  add_another: {},
  document_answer: { transcript_file: { file_name: 'transcript.pdf', file_size: 52_000 } },
  tabs: { transcript: 'upload' },
};

/** The value shown beside a label on a sheet. */
function valueOf(sheet: HTMLElement, label: string | RegExp): string {
  const term = within(sheet).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('the staff view (SPEC §6)', () => {
  it('shows the answers read-only as a sheet per page, with [X] and [ ] and the document note', async () => {
    const { calls } = fakeServer({ 'GET /service/tmp-pdf': jsonResponse(serviceAnswers) });
    renderApp('/about?service_token=tok%2B1');

    const about = (await screen.findByRole('article', { name: pageTitle('about') })) as HTMLElement;
    const academics = screen.getByRole('article', { name: pageTitle('education') });
    const final = screen.getByRole('article', { name: pageTitle('final-steps') });
    expect(calls.map((call) => call.path)).toEqual(['/service/tmp-pdf?service_token=tok%2B1']);

    expect(valueOf(about, labelOf('first_name'))).toBe('Ada');
    expect(valueOf(about, labelOf('gender'))).toBe(optionLabelOf('gender', 'F'));
    expect(valueOf(about, labelOf('birth_date'))).toBe('05/01/2007');
    expect(valueOf(about, labelOf('optin_sms_ind'))).toBe('[X]');
    expect(valueOf(about, labelOf('race_asian'))).toBe('[X]');
    expect(valueOf(about, labelOf('race_white'))).toBe('[ ]');
    expect(valueOf(about, blockLabelOf(''))).toBe(
      '1 College Avenue, Northfield, MN 55057, United States',
    );
    expect(within(about).getByRole('heading', { level: 3, name: 'Address' })).toBeInTheDocument();
    expect(valueOf(academics, blockLabelOf('hs_'))).toContain('Northfield High School (241234)');
    expect(valueOf(academics, labelOf('transcript_file'))).toContain(
      'Document attached: transcript.pdf',
    );
    const link = within(academics).getByRole('link', { name: 'Open the document as a PDF' });
    expect(link).toHaveAttribute('href', '/service/document/transcript_file?service_token=tok%2B1');
    expect(valueOf(final as HTMLElement, labelOf('legal_agree'))).toBe('[X]');
  });

  it('has no buttons, header, footer, navigation or account menu', async () => {
    logIn();
    fakeServer({ 'GET /service/tmp-pdf': jsonResponse(serviceAnswers) });
    renderApp('/education?service_token=tok');
    await screen.findByRole('article', { name: pageTitle('about') });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(document.querySelector('header, footer, nav, hr')).not.toBeInTheDocument();
    expect(screen.queryByText('Download a PDF copy')).not.toBeInTheDocument();
  });

  it.each([
    [
      'not valid',
      'This staff link is not valid. Please ask for a new link.',
      'SERVICE_TOKEN_INVALID',
    ],
    ['expired', 'This staff link has expired. Please ask for a new link.', 'SERVICE_TOKEN_EXPIRED'],
  ])(
    'shows a link that is %s with its message, on a plain page, never /login',
    async (_kind, message, code) => {
      const { calls } = fakeServer({
        'GET /service/tmp-pdf': jsonResponse({ message, code }, 403),
      });
      const { app } = renderApp('/about?service_token=bad');
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(app.router.state.location.pathname).toBe('/about');
      expect(screen.queryByRole('article')).not.toBeInTheDocument();
      expect(screen.queryAllByRole('button')).toEqual([]);
      expect(calls).toHaveLength(1);
    },
  );

  it('stays on the staff page even if the server answers 401', async () => {
    fakeServer({
      'GET /service/tmp-pdf': jsonResponse({ message: 'Not for you.' }, 401),
    });
    const { app } = renderApp('/about?service_token=odd');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not for you.');
    expect(app.router.state.location.pathname).toBe('/about');
  });
});
