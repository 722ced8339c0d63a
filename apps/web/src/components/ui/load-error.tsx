import { errorMessage } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/**
 * A read that failed: the server's message (or `fallback`, see `errorMessage`) and a way to try
 * again. Without `error` the fallback is shown as is (where the spec fixes the text).
 */
export function LoadError({
  error,
  fallback,
  onRetry,
  retrying = false,
}: {
  error?: unknown;
  fallback: string;
  onRetry: () => void;
  /** The retry is under way: the button spins. */
  retrying?: boolean;
}) {
  return (
    <Alert tone="error">
      <p>{error === undefined ? fallback : errorMessage(error, fallback)}</p>
      <Button variant="secondary" size="sm" className="mt-3" isLoading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
