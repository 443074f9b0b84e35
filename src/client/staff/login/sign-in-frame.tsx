import './staff-login.css';
import type { ReactNode } from 'react';
import { university } from '../../layout/site-config';

/**
 * The frame of every sign-in step: the university's name and logo (forms/site.json, as on the
 * applicant's pages), so a member knows whose console this is before typing a password.
 */
export function SignInFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" className="staff-login">
      <p className="staff-login__brand">
        <span className="staff-login__logo" aria-hidden="true">
          {university.logoText ?? university.name.slice(0, 3)}
        </span>
        <span>{university.name}</span>
      </p>
      {children}
    </main>
  );
}
