import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { inputClasses } from './input';

export interface PasswordInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** Accessible name of the show/hide button, e.g. 'Show new password'. */
  toggleLabel?: string;
}

/** A password input with a show/hide toggle button (aria-pressed tells whether it is shown). */
export function PasswordInput({ className, toggleLabel = 'Show password', ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <input
        type={visible ? 'text' : 'password'}
        className={inputClasses(`pr-11 ${className ?? ''}`)}
        {...props}
      />
      <button
        type="button"
        aria-label={toggleLabel}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
