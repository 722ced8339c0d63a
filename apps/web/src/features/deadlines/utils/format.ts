import type { CaseDeadline, KeyDateKind } from '@sentinel/shared';
import type { z } from 'zod';
import type { FieldErrors } from '@/lib/form-errors';

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

/** The first message per field of a failed zod check, keyed by the field's top-level name. */
export function issuesToErrors<K extends string>(issues: z.core.$ZodIssue[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as K;
    errors[key] ??= issue.message;
  }
  return errors;
}
