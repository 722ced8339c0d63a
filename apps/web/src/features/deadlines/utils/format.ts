import type { CaseDeadline, KeyDateKind } from '@sentinel/shared';
import type { z } from 'zod';
import { errorMessage, isApiError } from '@/lib/api-client';

/** The id of a key date's row, so a deadline can link to the date it runs from. */
export const keyDateRowId = (kind: KeyDateKind) => `key-date-${kind}`;

/** 'Acknowledge the claim' → 'acknowledge the claim', for 'The carrier must …'; 'NFIP …' stays. */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** Open deadlines first (in the server's date order: the overdue, then the next), then the rest. */
export function splitDeadlines(deadlines: CaseDeadline[]) {
  return {
    open: deadlines.filter((deadline) => deadline.status === 'open'),
    closed: deadlines.filter((deadline) => deadline.status !== 'open'),
  };
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field of a failed zod check, keyed by the field's top-level name. */
export function issuesToErrors<K extends string>(issues: z.core.$ZodIssue[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as K;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A failed change, for a form: messages the server tied to a field (its validation `details`,
 * `[{path, message}]`) go next to that field; anything else is the form's own error.
 */
export function apiErrorsOf<K extends string>(
  error: unknown,
  fields: readonly K[],
  fallback: string,
): { fields: FieldErrors<K>; form: string | null } {
  const result: FieldErrors<K> = {};
  if (isApiError(error) && Array.isArray(error.details)) {
    for (const detail of error.details as unknown[]) {
      if (!detail || typeof detail !== 'object') continue;
      const { path, message } = detail as { path?: unknown; message?: unknown };
      const key = typeof path === 'string' ? path.split('.')[0] : undefined;
      if (typeof message === 'string' && key && (fields as readonly string[]).includes(key))
        result[key as K] ??= message;
    }
  }
  const message = errorMessage(error, fallback);
  const placed = Object.values(result).includes(message);
  return { fields: result, form: placed ? null : message };
}
