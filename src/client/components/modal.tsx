import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { afterFirstLoad } from './after-first-load';
import { LoadBoundary } from './load-boundary';
import type { ModalProps } from './modal-props';
import { t } from '../i18n/i18n';

type DialogModule = typeof import('./modal-dialog');
let dialogModule: DialogModule | undefined;
const loadDialog = () =>
  import('./modal-dialog').then((module) => {
    dialogModule = module;
    return module;
  });
const lazyDialog = () =>
  lazy(() => loadDialog().then((module) => ({ default: module.ModalDialog })));
// React.lazy keeps a failed load for good; after a failure the next opening starts a new one.
let LazyDialog = lazyDialog();
const retryNextTime = () => {
  LazyDialog = lazyDialog();
};

/**
 * What shows when the dialog code cannot be fetched: the same title, text and buttons in the
 * page, announced, without the focus lock. Rare (offline at the first opening), never a blank.
 */
function PlainDialog({ title, onDismiss, actions, children }: ModalProps) {
  const titleId = useId();
  return (
    <div role="alertdialog" aria-labelledby={titleId} className="modal-fallback">
      <h2 id={titleId}>{title}</h2>
      {children}
      {actions ??
        (onDismiss && (
          <button type="button" className="button" onClick={onDismiss}>
            {t('app.close')}
          </button>
        ))}
    </div>
  );
}

/**
 * A modal dialog. The dialog library (@reach/dialog with its focus lock, about 10 KB gzipped) is
 * not part of a page's first load: it loads when a modal first opens, or earlier at the first
 * sign of intent or once the load is over (usePreloadModal), so in practice it is there before
 * anyone asks and the modal renders at once.
 */
export function Modal(props: ModalProps) {
  // Decided when the modal opens and kept while it is open: switching from the lazy element to
  // the loaded one would remount the dialog and move focus.
  const [openedBeforeLoad, setOpenedBeforeLoad] = useState(false);
  if (!props.isOpen) {
    if (openedBeforeLoad) setOpenedBeforeLoad(false);
    return null;
  }
  if (!dialogModule && !openedBeforeLoad) setOpenedBeforeLoad(true);
  if (openedBeforeLoad || !dialogModule) {
    return (
      <LoadBoundary fallback={<PlainDialog {...props} />} onError={retryNextTime}>
        <Suspense fallback={null}>
          <LazyDialog {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return <dialogModule.ModalDialog {...props} />;
}

/** Fetches the dialog code ahead of need; resolves when it is there (never rejects). */
export function preloadModal(): Promise<void> {
  return loadDialog().then(
    () => undefined,
    () => undefined, // offline, say: the modal tries again when it opens
  );
}

/**
 * Preloads the dialog code after the first load (afterFirstLoad): at the first sign of intent
 * (a pointer over or the focus on a button, a key, a press) or once the page has been quiet for a
 * few seconds after `load`, never inside a visitor's first load.
 */
export function usePreloadModal(): void {
  useEffect(() => afterFirstLoad(() => void preloadModal()), []);
}
