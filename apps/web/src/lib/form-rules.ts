import { MESSAGES } from '@sentinel/shared';
import type { z } from 'zod';

type Values = Record<string, unknown>;

/**
 * "Passwords do not match" on the confirmation field (spec §5), checked even when other fields
 * of the form are invalid, so that one submit shows every problem at once. Zod skips object
 * refinements after any field error unless `when` says otherwise.
 */
export function confirmationMatches(passwordKey: string) {
  const check = (values: Values) => values[passwordKey] === values.confirmPassword;
  const params: z.core.$ZodCustomParams = {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const values = payload.value as Values | undefined;
      return typeof values?.[passwordKey] === 'string' && typeof values.confirmPassword === 'string';
    },
  };
  return [check, params] as const;
}
