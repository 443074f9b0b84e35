// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../src/client/components/toast-provider';
import { SiteFooter } from '../../../src/client/layout/site-footer';
import { t } from '../../../src/client/i18n/i18n';
import { genericErrorMessage } from '../../../src/client/messages';

// The Help dialog's code cannot be fetched (offline, or a deploy replaced its chunk).
vi.mock('../../../src/client/dialogs/help-dialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('footer dialogs whose code cannot be loaded', () => {
  it('says so in an error toast instead of doing nothing, and the button works again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ToastProvider>
        <SiteFooter />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    const help = screen.getByRole('button', { name: t('footer.help') });
    await user.click(help);
    expect(await screen.findByText(genericErrorMessage())).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(help).toBeEnabled();
  });
});
