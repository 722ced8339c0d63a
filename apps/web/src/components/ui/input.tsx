import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useId, type ComponentProps } from 'react';

export const inputClasses = (className?: string) =>
  clsx(
    'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
    'placeholder:text-slate-500 focus:border-brand-600 focus:ring-1 focus:ring-brand-600 focus:outline-none',
    'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-600',
    'read-only:bg-slate-50 read-only:text-slate-700 disabled:cursor-not-allowed disabled:bg-slate-100',
    className,
  );

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={inputClasses(className)} {...props} />;
}

/** A search box with a magnifier and a label for screen readers (the list screens' toolbars). */
export function SearchInput({
  label,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  const id = useId();
  return (
    <div className={clsx('relative w-full', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input id={id} type="search" autoComplete="off" className={inputClasses('pl-9')} {...props} />
    </div>
  );
}
