import { forwardRef, type ButtonHTMLAttributes } from 'react';

interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** A call is under way: the button waits, and says so to assistive technology. */
  busy: boolean;
  /** Marks the button that does the work (aria-busy); its neighbours only wait. */
  announcesBusy?: boolean;
}

/**
 * A button that waits while a call it started (or its neighbours') is under way: the page's
 * actions, a dialog's buttons, the PDF download.
 */
export const BusyButton = forwardRef<HTMLButtonElement, BusyButtonProps>(function BusyButton(
  { busy, announcesBusy = true, disabled, ...rest },
  ref,
) {
  return (
    <button
      {...rest}
      ref={ref}
      type="button"
      disabled={busy || disabled}
      aria-busy={(announcesBusy && busy) || undefined}
    />
  );
});
