import { useCallback, useEffect, useRef, useState } from 'react';

export interface Announcement {
  kind: 'success' | 'error';
  text: string;
  /** Counts announcements, so the same words said twice are said (and focused) again. */
  serial: number;
}

/** The last thing a screen has to say after a change, and the way to say the next. */
export function useAnnouncement() {
  const [announcement, setAnnouncement] = useState<Announcement>();
  const announce = useCallback(
    (kind: Announcement['kind'], text: string) =>
      setAnnouncement((last) => ({ kind, text, serial: (last?.serial ?? 0) + 1 })),
    [],
  );
  const clear = useCallback(() => setAnnouncement(undefined), []);
  return { announcement, announce, clear };
}

/**
 * Where a screen says what a change did ("The link … was revoked."): a status region that is
 * always in the page, so screen readers announce what appears in it, and that takes focus, so a
 * keyboard user whose button went away with the change goes on from here.
 */
export function StatusMessage({ announcement }: { announcement: Announcement | undefined }) {
  const region = useRef<HTMLDivElement>(null);
  const serial = announcement?.serial;
  useEffect(() => {
    if (serial === undefined) return;
    // After a confirmation dialog closes, its focus lock hands focus back to the button that
    // opened it a moment later (a microtask); a timer runs after that, so this focus stays.
    const timer = setTimeout(() => region.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [serial]);
  return (
    <div ref={region} className="staff-announce" role="status" tabIndex={-1}>
      {announcement && (
        <div className={`notice notice--${announcement.kind}`}>
          <span className="notice__icon" aria-hidden="true">
            {announcement.kind === 'error' ? '!' : '✓'}
          </span>
          <p className="notice__text">{announcement.text}</p>
        </div>
      )}
    </div>
  );
}
