import type { MouseEvent } from 'react';
import { formPages } from '../../forms/form-pages';

interface StepNavigationProps {
  currentRoute: string;
  onNavigate: (route: string) => void;
}

/** The numbered steps (SPEC §2): 1 About You, 2 Your Academics, 3 Final Steps. */
export function StepNavigation({ currentRoute, onNavigate }: StepNavigationProps) {
  const follow = (route: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onNavigate(route);
  };
  return (
    <nav className="step-navigation" aria-label="Application steps">
      <ol className="step-navigation__list">
        {formPages.map((page) => {
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
              >
                <span className="step-navigation__number" aria-hidden="true">
                  {page.step}
                </span>
                <span className="visually-hidden">Step {page.step}: </span>
                <span className="step-navigation__title">{page.title}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
