import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type HeadingLevel = 'h2' | 'h3';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  headingLevel?: HeadingLevel;
  className?: string;
  /** Classes of the body; a padding class here (e.g. 'p-0' for a flush table) replaces the default p-5. */
  bodyClassName?: string;
  children?: ReactNode;
}

// Two padding utilities on one element do not override by order (the CSS decides), so the
// default is left out when the caller brings its own.
const ownPadding = /(^|\s)p-\S+/;

/** A white panel with an optional titled header. */
export function Card({
  title,
  description,
  actions,
  headingLevel = 'h2',
  className,
  bodyClassName,
  children,
}: CardProps) {
  const Heading = headingLevel;
  return (
    <section className={clsx('rounded-xl border border-slate-200 bg-white shadow-xs', className)}>
      {title && (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
          <div className="min-w-0">
            <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
            {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
          </div>
          {actions}
        </header>
      )}
      <div className={clsx(!ownPadding.test(bodyClassName ?? '') && 'p-5', bodyClassName)}>{children}</div>
    </section>
  );
}
