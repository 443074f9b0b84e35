import { useEffect, useRef, type ReactNode } from 'react';
import { useDocumentTitle } from '../components/use-document-title';

interface StaffPageProps {
  title: string;
  /** Errors are showing: the tab's title starts with "Error: ". */
  hasErrors?: boolean;
  /** Beside the heading (e.g. a download link). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * One console screen: its heading, which takes focus when the screen opens, so a keyboard or
 * screen-reader user moving through the navigation starts at the new screen's top.
 */
export function StaffPage({ title, hasErrors = false, actions, children }: StaffPageProps) {
  useDocumentTitle(`${title} - Staff`, hasErrors);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <div className="staff-page">
      <div className="staff-page__head">
        <h1 className="staff-page__title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
