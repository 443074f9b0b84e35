import type { MouseEvent } from 'react';
import { preloadPage } from '../../forms/page-definitions';
import { pageIndex } from '../../forms/page-index';
import { definitionChangeTexts } from '../messages';
import { t } from '../i18n/i18n';

interface StepNavigationProps {
  currentRoute: string;
  /** Ids of the pages the forms changed since the applicant's last save (marked, in words). */
  changedPages?: ReadonlySet<string>;
  onNavigate: (route: string) => void;
}

/**
 * The numbered steps (SPEC §2): 1 About You, 2 Your Academics, 3 Final Steps, from the pages'
 * index. A step's definition starts loading when the pointer or focus reaches its link.
 */
export function StepNavigation({ currentRoute, changedPages, onNavigate }: StepNavigationProps) {
  const follow = (route: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onNavigate(route);
  };
  return (
    <nav className="step-navigation" aria-label={t('steps.label')}>
      <ol className="step-navigation__list">
        {pageIndex.map((page) => {
          const current = page.route === currentRoute;
          return (
            <li
              key={page.id}
              className={current ? 'step-navigation__item step--current' : 'step-navigation__item'}
            >
              <a
                href={page.route}
                className="step-navigation__link"
                aria-current={current ? 'step' : undefined}
                onClick={follow(page.route)}
                onMouseEnter={() => preloadPage(page.id)}
                onFocus={() => preloadPage(page.id)}
              >
                <span className="step-navigation__number" aria-hidden="true">
                  {page.step}
                </span>
                <span className="visually-hidden">{t('steps.step', { step: page.step })}</span>
                <span className="step-navigation__title">{page.title}</span>
                {changedPages?.has(page.id) && (
                  <span className="step-navigation__changed">
                    {definitionChangeTexts.stepMark()}
                    <span className="visually-hidden">
                      {definitionChangeTexts.stepMarkHidden()}
                    </span>
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
