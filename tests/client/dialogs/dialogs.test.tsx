// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadModal } from '../../../src/client/components/modal';
import { PrivacyDialog } from '../../../src/client/dialogs/privacy-dialog';
import { SiteFooter } from '../../../src/client/layout/site-footer';
import { renderApp } from '../render-app';
import { findPage } from '../session/session-fixtures';
import { pageTitle } from '../../helpers/shipped-texts';

// The dialog code loads on demand in the browser (and in the lazy-loading test of modal.test.tsx);
// here it is loaded first, so each dialog renders in the same turn as the click that opens it.
beforeAll(() => preloadModal());

describe('footer, Help and Privacy (SPEC §1)', () => {
  it('the footer names the university with its postal address', () => {
    render(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Northfield State University');
    expect(footer).toHaveTextContent('100 College Avenue');
    expect(footer).toHaveTextContent('Northfield, MN 55057');
  });

  it('Help: technical help by e-mail, the PDF reader note, the office with its phone', async () => {
    render(<SiteFooter />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help' });
    expect(
      within(dialog)
        .getByRole('link', { name: 'apply-help@northfield.example.edu' })
        .getAttribute('href'),
    ).toBe('mailto:apply-help@northfield.example.edu');
    expect(dialog).toHaveTextContent('need a PDF reader');
    expect(dialog).toHaveTextContent('Office of Undergraduate Admissions');
    expect(within(dialog).getByRole('link', { name: '(507) 555-0140' })).toHaveAttribute(
      'href',
      'tel:+15075550140',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('Privacy: policy, what cookies are, how used, how to control them, browsers, analytics, copyright', async () => {
    render(<PrivacyDialog isOpen onDismiss={() => {}} year={2031} />);
    const dialog = screen.getByRole('dialog', { name: 'Privacy' });
    expect(
      within(dialog)
        .getByRole('link', { name: /Privacy policy/ })
        .getAttribute('href'),
    ).toBe('https://www.northfield.example.edu/privacy');
    for (const heading of [
      'What are cookies?',
      'How we use cookies',
      'How to control or opt out of cookies',
      'Analytics',
    ])
      expect(within(dialog).getByRole('heading', { name: heading })).toBeInTheDocument();
    const browsers = within(dialog).getByRole('list', { name: 'Cookie settings in your browser' });
    expect(
      within(browsers)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Google Chrome (opens in a new tab)',
      'Mozilla Firefox (opens in a new tab)',
      'Apple Safari (opens in a new tab)',
      'Microsoft Edge (opens in a new tab)',
    ]);
    expect(
      within(dialog)
        .getByRole('link', { name: /Google Analytics opt-out/ })
        .getAttribute('href'),
    ).toBe('https://tools.google.com/dlpage/gaoptout');
    expect(dialog).toHaveTextContent('© 2031 Northfield State University. All rights reserved.');
  });

  it('the copyright line uses the current year by default', async () => {
    render(<SiteFooter />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Privacy' }));
    expect(await screen.findByRole('dialog', { name: 'Privacy' })).toHaveTextContent(
      `© ${new Date().getFullYear()} Northfield State University`,
    );
  });
});

describe('landmarks of a form page', () => {
  it('has a header, the step navigation, main and a footer, and a skip link', async () => {
    renderApp('/about');
    await findPage(pageTitle('about'));
    expect(screen.getByRole('banner')).toHaveTextContent('Undergraduate Application for Admission');
    expect(screen.getByRole('navigation', { name: 'Application steps' })).toBeInTheDocument();
    expect(screen.getByRole('main').contains(screen.getByRole('heading', { level: 1 }))).toBe(true);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    const steps = within(screen.getByRole('navigation', { name: 'Application steps' }));
    expect(steps.getAllByRole('link').map((link) => link.textContent)).toEqual([
      '1Step 1: About You',
      '2Step 2: Your Academics',
      '3Step 3: Final Steps',
    ]);
    await waitFor(() =>
      expect(document.title).toBe('About You - Undergraduate Application for Admission'),
    );
  });
});
