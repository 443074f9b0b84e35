import type { Toast } from './toast-context';

/**
 * A toast's title, message and details, as the toast (toast-item.tsx) and its plain fallback
 * (toast-region.tsx, while the toast's code cannot be fetched) both show them.
 */
export function ToastText({ toast, titleId }: { toast: Toast; titleId?: string }) {
  return (
    <>
      {toast.title && (
        <p id={titleId} className="toast__title">
          {toast.title}
        </p>
      )}
      <p className="toast__message">{toast.message}</p>
      {toast.details && toast.details.length > 0 && (
        <ul className="toast__details">
          {toast.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </>
  );
}
