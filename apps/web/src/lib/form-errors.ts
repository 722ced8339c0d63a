import { errorMessage, isApiError } from '@/lib/api-client';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

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
