import { useEffect, useRef, useState, type FormEvent } from 'react';
import { staffMessages } from '../staff-messages';

interface FieldBase<Name extends string> {
  name: Name;
  label: string;
  /** Takes the row's spare width (the search box). */
  wide?: boolean;
}

export type FilterField<Name extends string> = FieldBase<Name> &
  (
    | { kind: 'text' | 'search' | 'date' }
    | { kind: 'select'; options: readonly { value: string; label: string }[] }
  );

export type FilterValues<Name extends string> = Record<Name, string>;

interface FilterFormProps<Name extends string> {
  /** The search landmark's name ("Applications"); also the fields' id prefix. */
  label: string;
  fields: readonly FilterField<Name>[];
  /** The filters now applied; the form starts from them (remount it when they change). */
  values: FilterValues<Name>;
  submitLabel: string;
  onSubmit: (values: FilterValues<Name>) => void;
  /** Empties every filter and applies that. */
  onClear?: () => void;
  /** A problem the server would refuse, caught before sending; undefined when there is none. */
  check?: (values: FilterValues<Name>) => string | undefined;
}

/** A range the server would refuse, said in the console's words; either end may be empty. */
export const reversedRange = (from: string, to: string): string | undefined =>
  // Days as YYYY-MM-DD compare as text.
  from && to && from > to ? staffMessages.reversedRange : undefined;

const idOf = (label: string, name: string) =>
  `filter-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${name}`;

/**
 * The console's filter row (applications, audit log): fields applied together by one button,
 * so each search is one request and one history entry. A problem the form can see itself (a
 * reversed date range) is said above the fields, and takes focus, before anything is sent.
 */
export function FilterForm<Name extends string>({
  label,
  fields,
  values: applied,
  submitLabel,
  onSubmit,
  onClear,
  check,
}: FilterFormProps<Name>) {
  const [values, setValues] = useState(applied);
  const [problem, setProblem] = useState<string>();
  const problemRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check?.(values);
    setProblem(found);
    if (!found) onSubmit(values);
  };
  const problemId = `${idOf(label, 'problem')}`;
  return (
    <form className="staff-filters" role="search" aria-label={label} noValidate onSubmit={submit}>
      {problem && (
        <p
          id={problemId}
          className="staff-filters__problem"
          role="alert"
          tabIndex={-1}
          ref={problemRef}
        >
          <span className="visually-hidden">Error: </span>
          {problem}
        </p>
      )}
      {fields.map((field) => {
        const id = idOf(label, field.name);
        const common = {
          id,
          className: 'field__input',
          value: values[field.name],
          'aria-describedby': problem ? problemId : undefined,
          onChange: (event: { target: { value: string } }) =>
            setValues((v) => ({ ...v, [field.name]: event.target.value })),
        };
        return (
          <div
            key={field.name}
            className={`staff-filters__field${field.wide ? ' staff-filters__field--wide' : ''}`}
          >
            <label htmlFor={id}>{field.label}</label>
            {field.kind === 'select' ? (
              <select {...common}>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input type={field.kind} {...common} />
            )}
          </div>
        );
      })}
      <div className="staff-filters__actions">
        <button type="submit" className="button button--primary">
          {submitLabel}
        </button>
        {onClear && (
          <button type="button" className="button button--secondary" onClick={onClear}>
            Clear
          </button>
        )}
      </div>
    </form>
  );
}
