import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { CompiledValidator, FieldErrors } from '../../engine/validation';
import { hasErrors, pickErrors, validate } from '../../engine/validation';

interface CardFormOptions<F extends string> {
  /** Prefix of the inputs' ids, e.g. "signup" gives "signup-username". */
  idPrefix: string;
  validator: CompiledValidator;
  /** The card's own fields: only these are checked (SPEC §5). */
  fields: readonly F[];
  initialValues: Record<F, string>;
  /** Validate on every change (default). Login checks nothing live, only on submit. */
  live?: boolean;
}

/**
 * State of an auth card: values, the schema's errors for the card's fields, and which of them
 * the user should see (a field's errors show once it has changed, all of them after a submit).
 */
export function useCardForm<F extends string>({
  idPrefix,
  validator,
  fields,
  initialValues,
  live = true,
}: CardFormOptions<F>) {
  const [values, setValues] = useState(initialValues);
  const [changed, setChanged] = useState<ReadonlySet<F>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  // Without live validation, what shows is what the last submit found.
  const [submitErrors, setSubmitErrors] = useState<FieldErrors>({});

  const errors = useMemo(
    () => pickErrors(validate(validator, values), fields),
    [validator, values, fields],
  );

  const shownErrors = useMemo<FieldErrors>(() => {
    if (!live) return submitErrors;
    return pickErrors(
      errors,
      fields.filter((field) => submitted || changed.has(field)),
    );
  }, [live, submitErrors, errors, fields, submitted, changed]);

  const setValue = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChanged((current) => (current.has(field) ? current : new Set(current).add(field)));
  }, []);

  const field = (name: F) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    errors: shownErrors[name] ?? [],
    onChange: (value: string) => setValue(name, value),
  });

  /** Blocks the submit while the card has errors and moves focus to the first one. */
  const handleSubmit = (onValid: (values: Record<F, string>) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSubmitErrors(errors);
    if (!hasErrors(errors)) {
      onValid(values);
      return;
    }
    const first = fields.find((name) => errors[name]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  };

  /** The AuthCard props of a card that sends its values through `call` once they are valid. */
  const submitsThrough = (call: {
    mutate: (values: Record<F, string>) => void;
    isPending: boolean;
  }) => ({
    onSubmit: handleSubmit((values) => call.mutate(values)),
    submitting: call.isPending,
    hasErrors: hasErrors(shownErrors),
  });

  return {
    values,
    errors,
    shownErrors,
    hasShownErrors: hasErrors(shownErrors),
    field,
    setValue,
    submitsThrough,
  };
}
