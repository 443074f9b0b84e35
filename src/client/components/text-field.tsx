import type { HTMLInputAutoCompleteAttribute, HTMLAttributes } from 'react';
import '../styles/field.css';
import { t } from '../i18n/i18n';

export interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The messages to show for this field (already filtered to what the user should see). */
  errors?: string[];
  /** False when another element shows the errors (the password requirement list). */
  showErrorText?: boolean;
  /** Ids of further descriptions, e.g. the password requirement list. */
  describedBy?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  readOnly?: boolean;
}

/** A labelled input whose errors are tied to it with aria-describedby and aria-invalid. */
export function TextField({
  id,
  name,
  label,
  value,
  onChange,
  errors = [],
  showErrorText = true,
  describedBy,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  readOnly,
}: TextFieldProps) {
  const invalid = errors.length > 0;
  const errorId = `${id}-error`;
  const describedByIds = [invalid && showErrorText ? errorId : '', describedBy ?? '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={invalid ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div id={errorId} className="field__errors" aria-live="polite">
        {invalid &&
          showErrorText &&
          errors.map((message) => (
            <p key={message} className="field__error">
              <span className="visually-hidden">{t('app.errorPrefix')}</span>
              {message}
            </p>
          ))}
      </div>
      <input
        id={id}
        name={name}
        className="field__input"
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedByIds || undefined}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        readOnly={readOnly}
        spellCheck={false}
        autoCapitalize="none"
      />
    </div>
  );
}
