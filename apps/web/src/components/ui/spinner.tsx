import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={clsx('animate-spin', className ?? 'size-5')} />;
}

/** A status message with a spinner, e.g. 'Loading...'. */
export function LoadingState({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={clsx('flex items-center justify-center gap-3 p-8 text-sm text-slate-600', className)}
    >
      <Spinner className="size-5 text-brand-700" />
      <span>{label}</span>
    </div>
  );
}

/** Full-page loading, used while the session is verified and while a route module loads. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50">
      <LoadingState label={label} />
    </main>
  );
}

/**
 * A list that stays on screen while it reloads: dimmed while it shows the previous page's rows,
 * marked busy, with a small spinner unless the reload is a routine poll (`quiet`).
 */
export function RefreshingList({
  fetching,
  stale,
  quiet = false,
  children,
}: {
  fetching: boolean;
  stale: boolean;
  quiet?: boolean;
  children: ReactNode;
}) {
  return (
    <div aria-busy={fetching} className={clsx('relative transition-opacity', stale && 'opacity-60')}>
      {fetching && !quiet && (
        <span className="absolute top-2 right-3 text-brand-700" aria-hidden="true">
          <Spinner className="size-4" />
        </span>
      )}
      {children}
    </div>
  );
}
