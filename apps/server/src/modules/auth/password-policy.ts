import { createRequire } from 'node:module';
import { MESSAGES, passwordRuleError } from '@sentinel/shared';

/**
 * The bundled list of common passwords: zxcvbn-ts's English list (49,000+ entries drawn from
 * leaked-password corpora), a maintained package rather than a list of our own.
 */
const require = createRequire(import.meta.url);
const list = require('@zxcvbn-ts/language-common/dist/passwords.json.js') as string[] | { default: string[] };
const commonPasswords = new Set(Array.isArray(list) ? list : list.default);

export const COMMON_PASSWORD_COUNT = commonPasswords.size;

/** Whether a password is a common one, or a common one with digits and symbols tacked on. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return true;
  const base = lower.replace(/[^\p{L}]+$/u, '').replace(/^[^\p{L}]+/u, '');
  return base.length >= 4 && commonPasswords.has(base);
}

const letters = (value: string) => value.toLowerCase().replace(/[^\p{L}]/gu, '');

/**
 * Whether the password is mostly made of the user's own words (name, e-mail, company, product):
 * the first guesses of someone who knows whom they attack (ASVS 6.2.11). Every such word is
 * removed; less than half of the letters left means the password is refused.
 */
export function containsContextWord(password: string, context: Array<string | null | undefined>): boolean {
  const passwordLetters = letters(password);
  if (!passwordLetters) return false;
  const words = ['sentinel', ...context.flatMap((value) => (value ?? '').split(/[\s@._+-]+/))]
    .map(letters)
    .filter((word) => word.length >= 3)
    .sort((a, b) => b.length - a.length);
  const rest = words.reduce((remaining, word) => remaining.split(word).join(''), passwordLetters);
  return rest.length * 2 < passwordLetters.length;
}

/** The full policy for a new password: the spec's rule, the common list, the user's own words. */
export function newPasswordProblem(
  password: string,
  context: Array<string | null | undefined>,
): string | null {
  const ruleProblem = passwordRuleError(password);
  if (ruleProblem) return ruleProblem;
  if (isCommonPassword(password)) return MESSAGES.passwordCommon;
  if (containsContextWord(password, context)) return MESSAGES.passwordContainsContext;
  return null;
}
