import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../staff-format';
import type { IssuedLink as Issued } from '../../../contract/staff-admin';

/**
 * A link just issued, whole in a box that can be read and selected, with a Copy button: the
 * page says it is not shown again. The panel takes focus when it appears, so the member who
 * pressed Issue link lands on the result. Where the clipboard cannot be written (an insecure
 * address, a refusal) the link is selected instead, for Ctrl+C.
 */
export function IssuedLink({ link }: { link: Issued & { email: string } }) {
  const panel = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'copied' | 'selected'>();
  useEffect(() => {
    panel.current?.focus();
  }, [link.id]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('copied');
    } catch {
      box.current?.focus();
      box.current?.select();
      setCopied('selected');
    }
  };
  return (
    <div ref={panel} tabIndex={-1} className="notice notice--success staff-issued">
      <span className="notice__icon" aria-hidden="true">
        ✓
      </span>
      <div className="notice__text staff-issued__body">
        <p>
          A link for {link.email}, valid until {formatDateTime(link.expiresAt)}. Copy it now: it is
          not shown again.
        </p>
        <label className="staff-issued__label" htmlFor="issued-url">
          Link
        </label>
        <textarea
          id="issued-url"
          ref={box}
          className="staff-issued__url"
          readOnly
          rows={3}
          value={link.url}
          onFocus={(e) => e.target.select()}
        />
        <p className="staff-issued__actions">
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            Copy link
          </button>
          <span role="status">
            {copied === 'copied' && 'Copied to the clipboard.'}
            {copied === 'selected' && 'The link is selected: press Ctrl+C (or ⌘C) to copy it.'}
          </span>
        </p>
      </div>
    </div>
  );
}
