import { lazy, Suspense, useEffect, useState, type ReactNode, type RefObject } from 'react';

/** SPEC §9 modal widths: xs 30rem, s 60rem, m 80vw (on tablets 30rem, 70vw, 90vw). */
export type ModalSize = 'xs' | 's' | 'm';

export interface ModalProps {
  isOpen: boolean;
  title: string;
  /**
   * Escape, a click outside and the Close button call this; without it none of them close. The
   * Close button (×) shows only for a modal without its own action buttons.
   */
  onDismiss?: () => void;
  size?: ModalSize;
  /** The element that takes focus when the modal opens (default: the first focusable one). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Buttons under the content. */
  actions?: ReactNode;
  children: ReactNode;
}

type DialogModule = typeof import('./modal-dialog');
let dialogModule: DialogModule | undefined;
const loadDialog = () =>
  import('./modal-dialog').then((module) => {
    dialogModule = module;
    return module;
  });
const LazyDialog = lazy(() => loadDialog().then((module) => ({ default: module.ModalDialog })));

/**
 * A modal dialog. The dialog library (@reach/dialog with its focus lock, about 10 KB gzipped) is
 * not part of a page's first load: it loads when a modal first opens, or earlier once a page
 * that may open one is idle (usePreloadModal), so in practice it is there before anyone asks
 * and the modal renders at once.
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
      <Suspense fallback={null}>
        <LazyDialog {...props} />
      </Suspense>
    );
  }
  return <dialogModule.ModalDialog {...props} />;
}

/** Fetches the dialog code ahead of need; resolves when it is there (never rejects). */
export function preloadModal(): Promise<void> {
  return loadDialog().then(
    () => undefined,
    () => undefined, // offline, say: the modal asks again when it opens
  );
}

/** Preloads the dialog code once the page that may open one is idle. */
export function usePreloadModal(): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void preloadModal(), { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => void preloadModal(), 2_000);
    return () => clearTimeout(timer);
  }, []);
}
