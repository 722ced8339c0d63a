import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

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
