import { isApiError } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** A read that failed: the server's message (or `fallback`) and a way to try again. */
export function LoadError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <Alert tone="error">
      <p>{(isApiError(error) && error.serverMessage) || fallback}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
