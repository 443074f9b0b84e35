import { translatedMessage } from './validation';

/** How one requirement of the new-password list is shown (SPEC §4 "Password requirement list"). */
export type RequirementState = 'inactive' | 'error' | 'success';

/**
 * The requirement texts, in the order the list shows them. They are the very messages of the
 * password rules in schemas/signup.schema.json and reset-password.schema.json; a test keeps the
 * two in step.
 */
export const passwordRequirements = [
  'is at least 12 characters',
  'contains at least one uppercase letter',
  'contains at least one lowercase letter',
  'contains at least one number',
  'contains at least one special character',
  'contains no leading or trailing whitespace',
] as const;

/**
 * Each requirement's state, given the password and the messages its validation reported; the
 * texts in the language validation speaks (the installed translator's, as the messages are).
 */
export function requirementStates(
  password: string,
  messages: readonly string[] = [],
): Array<{ text: string; state: RequirementState }> {
  return passwordRequirements.map((english) => {
    const text = translatedMessage('password', english);
    return {
      text,
      state: password === '' ? 'inactive' : messages.includes(text) ? 'error' : 'success',
    };
  });
}
