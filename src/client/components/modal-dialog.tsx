import { DialogContent, DialogOverlay } from '@reach/dialog';
import '@reach/dialog/styles.css';
import { useId, useLayoutEffect } from 'react';
import '../styles/modal.css';
import type { ModalProps } from './modal-props';
import { CloseButton } from './close-button';

/**
 * A modal dialog (@reach/dialog): focus stays inside, the page behind is inert. Loaded on demand
 * through modal.tsx, which every caller imports.
 */
export function ModalDialog({
  isOpen,
  title,
  onDismiss,
  size = 'xs',
  initialFocusRef,
  actions,
  children,
}: ModalProps) {
  const titleId = useId();
  useBackgroundLock(isOpen);
  return (
    <DialogOverlay
      isOpen={isOpen}
      onDismiss={onDismiss}
      className="modal-overlay"
      ref={quietFocusGuards}
      initialFocusRef={initialFocusRef}
      // Reach's scroll lock injects a <style> element, which the Content-Security-Policy
      // (style-src 'self') refuses; a class from our own stylesheet does the same job.
      dangerouslyBypassScrollLock
    >
      <DialogContent aria-labelledby={titleId} className={`modal modal--${size}`}>
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onDismiss && !actions && <CloseButton className="modal__close" onClick={onDismiss} />}
        </div>
        <div className="modal__body">{children}</div>
        {actions && <div className="modal__actions">{actions}</div>}
      </DialogContent>
    </DialogOverlay>
  );
}

/**
 * Reach's focus lock (react-focus-lock) puts a guard with tabindex="1" before the dialog, for
 * pages that use positive tab indexes; this application has none, and axe reports any positive
 * tabindex as a serious violation. Reach offers no option for it, so the guard is given 0 when
 * the overlay is attached (the guards are in the page by then, and React does not set the
 * attribute again while the lock's props stay the same).
 */
function quietFocusGuards(overlay: HTMLElement | null): void {
  if (!overlay) return;
  for (const guard of document.querySelectorAll('[data-focus-guard][tabindex="1"]')) {
    guard.setAttribute('tabindex', '0');
  }
}

let openModals = 0;

/**
 * Keeps the page behind an open modal from scrolling (modal.css: html.has-modal) and makes it
 * inert: Reach hides it from screen readers with aria-hidden, but its controls would still take
 * focus from anything outside Reach's focus lock (axe's aria-hidden-focus). The modal is a portal
 * beside #root, so only the page behind is affected.
 */
function useBackgroundLock(active: boolean): void {
  // A layout effect: the page is no longer inert by the time Reach returns focus to it, however
  // the modal closed (a key, a click, or the end of an asynchronous action).
  useLayoutEffect(() => {
    if (!active) return;
    const page = document.getElementById('root');
    openModals += 1;
    document.documentElement.classList.add('has-modal');
    page?.setAttribute('inert', '');
    return () => {
      openModals -= 1;
      if (openModals > 0) return;
      document.documentElement.classList.remove('has-modal');
      page?.removeAttribute('inert');
    };
  }, [active]);
}
