/**
 * The frame every question draws in: a container whose id is the field key (the error summary's
 * `#key` anchor), the label, hint and error tied to the input through aria-describedby
 * (GOV.UK pattern), a required marker, and optional help.
 */
import type { ReactNode } from 'react';
import type { Variant } from '../../../engine/definitions';
import type { FieldView } from '../../../engine/field-view';
import { t } from '../../i18n/i18n';

export const inputId = (key: string): string => `${key}-input`;
export const labelId = (key: string): string => `${key}-label`;

/** The ARIA attributes of an input drawing a field view. */
export function inputAria(view: FieldView) {
  return {
    'aria-describedby': view.describedBy,
    'aria-invalid': view.errors.length > 0 ? true : undefined,
    'aria-required': view.required ? true : undefined,
  } as const;
}

export const inputClass = (variant: Variant | undefined): string =>
  `question__input question__input--${variant ?? 'underlined'}`;

export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="question__required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

export function HintAndError({ view }: { view: FieldView }) {
  return (
    <>
      {view.hint && (
        <p id={view.hintId} className="question__hint">
          {view.hint}
        </p>
      )}
      {view.errors.length > 0 && (
        <p id={view.errorId} className="question__error">
          <span className="visually-hidden">{t('app.errorPrefix')}</span>
          {view.errors.map((message) => (
            <span key={message} className="question__error-message">
              {message}
            </span>
          ))}
        </p>
      )}
    </>
  );
}

function Help({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <details className="question__help">
      <summary>{t('question.help')}</summary>
      <p>{text}</p>
    </details>
  );
}

const frameClass = (view: FieldView, extra?: string) =>
  ['question', view.errors.length > 0 ? 'question--error' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');

interface FieldFrameProps {
  view: FieldView;
  /** The input the label is for; leave out when the input is labelled by aria-labelledby. */
  labelFor?: string;
  help?: string;
  className?: string;
  /** Work under way in the field (an upload converting): aria-busy. */
  busy?: boolean;
  children: ReactNode;
}

/** A single input's frame: label, hint, error, the input, help. */
export function FieldFrame({ view, labelFor, help, className, busy, children }: FieldFrameProps) {
  return (
    <div id={view.key} className={frameClass(view, className)} aria-busy={busy || undefined}>
      <label id={labelId(view.key)} className="question__label" htmlFor={labelFor}>
        {view.label}
        <RequiredMark required={view.required} />
      </label>
      <HintAndError view={view} />
      {children}
      <Help text={help} />
    </div>
  );
}

interface GroupFrameProps {
  view: FieldView;
  /** The fieldset's id: the field key for one answer, the question id for a checkbox group. */
  id?: string;
  role?: 'radiogroup';
  help?: string;
  children: ReactNode;
}

/** A group of inputs (radios, boxes): a fieldset whose legend is the label. */
export function GroupFrame({ view, id, role, help, children }: GroupFrameProps) {
  return (
    <fieldset
      id={id ?? view.key}
      className={frameClass(view, 'question--group')}
      role={role}
      aria-describedby={view.describedBy}
      aria-required={role && view.required ? true : undefined}
      aria-invalid={role && view.errors.length > 0 ? true : undefined}
    >
      <legend className="question__label">
        {view.label}
        <RequiredMark required={view.required} />
      </legend>
      <HintAndError view={view} />
      {children}
      <Help text={help} />
    </fieldset>
  );
}
