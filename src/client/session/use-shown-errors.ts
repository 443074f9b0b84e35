import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FieldErrors } from '../../engine/validation';
import { showsErrors, type WebStatus } from '../../engine/web-status';
import type { FormStore } from './form-bridge';
import { afterNextPaint } from '../form/after-next-paint';
import {
  keepSameErrors,
  shownErrors,
  type EditedPageErrors,
  type ShownErrors,
} from './shown-errors';

/** The page being edited and its errors, complete (the form store's, validated at most once). */
const edited = (store: FormStore): EditedPageErrors => ({
  pageId: store.getPage().id,
  errors: store.getErrors(),
});

/**
 * The errors the shell shows (the summary, and every page's errors: shown-errors.ts), kept off
 * a keystroke's critical path. The field typed into shows its new error after the frame that
 * draws the key (the form store validates the fields a keystroke changes at once, the page after
 * the frame, and publishes the errors that changed then); the whole application is checked again
 * only after that frame too, once for any number of changes before it, the page being edited
 * taking the store's errors, and the shell re-renders only when that finds the errors changed.
 * A change of status or of the server's errors is validated at once, as the render needs it (the
 * summary takes focus when it appears).
 */
export function useShownErrors(
  store: FormStore,
  status: WebStatus | null,
  serverErrors: FieldErrors | null,
): ShownErrors {
  const [sameAsBefore] = useState(keepSameErrors);
  // Moves when a check after a change found different errors: the render takes them up.
  const [found, setFound] = useState(0);
  const errors = useMemo(
    () =>
      sameAsBefore(shownErrors(store.getState(), status, serverErrors, undefined, edited(store))),
    // `found` is what a check found: the memo must run again to read it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sameAsBefore, store, status, serverErrors, found],
  );
  const shown = useRef(errors);
  useLayoutEffect(() => {
    shown.current = errors;
  });

  useEffect(() => {
    if (!showsErrors(status)) return;
    let cancel: (() => void) | null = null;
    const check = () => {
      cancel = null;
      const next = sameAsBefore(
        shownErrors(store.getState(), status, serverErrors, undefined, edited(store)),
      );
      if (next !== shown.current) setFound((n) => n + 1);
    };
    const schedule = () => {
      cancel ??= afterNextPaint(check);
    };
    const unsubscribe = store.subscribe(schedule);
    // Whatever changed between the render and this subscription is checked too.
    schedule();
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [sameAsBefore, store, status, serverErrors]);

  return errors;
}
