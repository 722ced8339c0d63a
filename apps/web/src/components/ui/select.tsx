import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { inputClasses } from './input';

export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={inputClasses(clsx('appearance-none pr-9', className))} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}

/** One `<option>` per value, labelled by `label` (usually one of the spec's label tables). */
export function Options<T extends string>({
  values,
  label,
}: {
  values: readonly T[];
  label: Record<T, string> | ((value: T) => string);
}) {
  const text = typeof label === 'function' ? label : (value: T) => label[value];
  return values.map((value) => (
    <option key={value} value={value}>
      {text(value)}
    </option>
  ));
}
