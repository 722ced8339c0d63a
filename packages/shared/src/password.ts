import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { MESSAGES } from './messages';

/**
 * The spec's password rule (§5, §9): at least 8 characters, one digit and one uppercase letter.
 * Returns the first failing message, or null. Length is counted in Unicode code points and the
 * password is never trimmed or case-folded (ASVS 6.2.8).
 */
export function passwordRuleError(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  if (!/\d/.test(password) || !/\p{Lu}/u.test(password)) return MESSAGES.passwordComposition;
  return null;
}

/**
 * Splits a full name on the first space: the first word is the first name, the rest the last
 * name; a single word is used for both (spec §5, signup).
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: trimmed };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}
