import type { ReactNode } from 'react';
import { university } from './site-config';
import { LanguageSwitch } from './language-switch';

/** The header: the university's (text) logo, its name and the application title. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="shell-container">
        <LanguageSwitch />
      </div>
      <div className="shell-container site-header__inner">
        <div className="site-header__brand">
          <span className="site-header__logo" aria-hidden="true">
            {university.logoText ?? university.name.slice(0, 3)}
          </span>
          <span className="site-header__names">
            <span className="site-header__university">{university.name}</span>
            <span className="site-header__title">{university.applicationTitle}</span>
          </span>
        </div>
        {children}
      </div>
    </header>
  );
}
