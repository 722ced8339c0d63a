import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { MESSAGES } from './messages';

/**
 * The length rule for a new password: the spec's minimum (§5, §9: 8 characters) up to 256. The
 * spec's digit-and-uppercase rule is not applied (ASVS 6.2.5 forbids composition rules; the
 * server refuses common and breached passwords instead: docs/decisions/0010). Returns the failing
 * message, or null. Length is counted in Unicode code points and the password is never trimmed,
 * case-folded or truncated (ASVS 6.2.8).
 */
export function passwordRuleError(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
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
