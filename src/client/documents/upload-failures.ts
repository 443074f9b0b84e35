import { useCallback } from 'react';
import { useToast, type ToastApi } from '../components/toast-context';
import { useFailureToast } from '../form/use-failure-toast';

// Per toast region, per question: the error toasts its uploads raised. Kept outside the field,
// which unmounts on a tab switch, so a success after switching back still finds them.
const raised = new WeakMap<ToastApi, Map<string, number[]>>();

function raisedBy(toast: ToastApi): Map<string, number[]> {
  let byKey = raised.get(toast);
  if (!byKey) raised.set(toast, (byKey = new Map()));
  return byKey;
}

/**
 * The error toasts of one question's uploads: `fail` shows one ("Error uploading file for
 * {label}", SPEC §8), `succeed` closes all it showed, so a red toast never stands beside
 * "transcript.png is attached".
 */
export function useUploadFailures(key: string) {
  const toast = useToast();
  const failed = useFailureToast();
  const fail = useCallback(
    (message: string, error: unknown) => {
      const id = failed(message, error);
      if (id === undefined) return;
      const byKey = raisedBy(toast);
      byKey.set(key, [...(byKey.get(key) ?? []), id]);
    },
    [failed, toast, key],
  );
  const succeed = useCallback(() => {
    const byKey = raisedBy(toast);
    for (const id of byKey.get(key) ?? []) toast.dismiss(id);
    byKey.delete(key);
  }, [toast, key]);
  return { fail, succeed };
}
