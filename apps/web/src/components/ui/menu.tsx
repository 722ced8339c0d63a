import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuChoice {
  value: string;
  /** The item's text (its accessible name). */
  label: string;
  /** A second, smaller line (e.g. the user's type in that firm). */
  description?: string;
  /** The current choice: marked with a check and aria-checked. */
  checked?: boolean;
}

export interface ChoiceMenuProps {
  /** The menu's accessible name, e.g. 'Switch firm'. */
  menuLabel: string;
  /** The button's content. */
  children: ReactNode;
  /** The button's accessible name when its content is not enough (e.g. 'Firm: Morgan & Reyes'). */
  buttonLabel?: string;
  choices: readonly MenuChoice[];
  onChoose: (value: string) => void;
  /** A tooltip for the button (e.g. the full text of a truncated name). */
  title?: string;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
  buttonClassName?: string;
}

/**
 * A menu button with one choice among several (WAI-ARIA menu button, `menuitemradio` items):
 * Enter, Space or ArrowDown opens it on the current choice (ArrowUp on the last), the arrows,
 * Home and End move, Enter or Space chooses, Escape closes and returns to the button, Tab and a
 * press outside close it. Below 640 px the list spans the screen under the top bar.
 */
export function ChoiceMenu({
  menuLabel,
  children,
  buttonLabel,
  choices,
  onChoose,
  title,
  disabled,
  busy,
  className,
  buttonClassName,
}: ChoiceMenuProps) {
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState<'current' | 'last'>('current');
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    const start =
      initial === 'last'
        ? all.at(-1)
        : (all.find((item) => item.getAttribute('aria-checked') === 'true') ?? all[0]);
    start?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, initial]);

  const openAt = (where: 'current' | 'last') => {
    setInitial(where);
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowUp' ? 'last' : 'current');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(all.length - 1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
    }
  };

  return (
    <div ref={wrapper} className={clsx('relative', className)}>
      <button
        ref={button}
        type="button"
        title={title}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openAt('current'))}
        onKeyDown={onButtonKeyDown}
        className={buttonClassName}
      >
        {children}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          onKeyDown={onMenuKeyDown}
          className={clsx(
            'fixed inset-x-4 top-16 z-30 max-h-[70dvh] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg',
            'sm:absolute sm:inset-x-auto sm:top-full sm:left-0 sm:mt-2 sm:w-80',
          )}
        >
          {choices.map((choice) => (
            <button
              key={choice.value}
              type="button"
              role="menuitemradio"
              aria-checked={Boolean(choice.checked)}
              tabIndex={-1}
              onClick={() => {
                close(true);
                onChoose(choice.value);
              }}
              className="flex w-full items-start gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-slate-50 focus:bg-brand-50 focus:outline-none"
            >
              <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center text-brand-700">
                {choice.checked && <Check aria-hidden="true" className="size-4" />}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-medium break-words text-slate-900">{choice.label}</span>
                {choice.description && (
                  <span className="block text-xs text-slate-600">{choice.description}</span>
                )}
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
