import type { CompiledValidator } from '../../engine/validation';
import { validate } from '../../engine/validation';
import { passwordRequirements } from '../../engine/password-requirements';
import * as validators from '../../generated/validators.js';
import { sourceLocale, type Locale } from '../../contract/locale';
import { messageTranslatorIn } from '../../forms/forms-in-language';
import { AppError, errors } from '../errors';

/**
 * Throws a 400 naming every problem when the body breaks its account schema (SPEC §5), its
 * messages in `locale` (the schemas' translations, issue 40); staff forms stay English.
 */
export function assertValid(
  validator: CompiledValidator,
  data: unknown,
  locale: Locale = sourceLocale,
): void {
  const problems = validate(validator, data);
  const fields = Object.keys(problems);
  if (fields.length === 0) return;
  // The same validator again, its messages translated: the English says which rules failed.
  const said =
    locale === sourceLocale
      ? problems
      : validate(validator, data, { translate: messageTranslatorIn(locale) });
  const first = problems[fields[0]!]!;
  const firstSaid = said[fields[0]!] ?? first;
  const unmet = firstSaid.filter((_, i) =>
    (passwordRequirements as readonly string[]).includes(first[i] ?? ''),
  );
  const error =
    unmet.length > 0
      ? errors.PASSWORD_REQUIREMENTS_UNMET(unmet.join('; '))
      : new AppError('BAD_REQUEST', firstSaid[0]!);
  throw error.withFields(said);
}

export { validators };
