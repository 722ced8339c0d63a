import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

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
 * A menu button with one choice among several, on Radix's DropdownMenu (the WAI-ARIA menu button
 * with `menuitemradio` items, as the app's dialogs and tabs are Radix's): Enter, Space or
 * ArrowDown open it on the first item, the arrows (round the ends), Home, End and typing move,
 * Enter or Space choose, Escape closes and returns to the button, a press outside closes it. On a
 * narrow screen the list keeps 16 px from the edges.
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
  const current = choices.find((choice) => choice.checked)?.value ?? '';
  return (
    <div className={clsx('relative', className)}>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          type="button"
          title={title}
          aria-label={buttonLabel}
          aria-busy={busy || undefined}
          disabled={disabled}
          className={buttonClassName}
        >
          {children}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            // Named for what it does ('Switch firm'), not after the button that opens it.
            aria-labelledby={undefined}
            aria-label={menuLabel}
            align="start"
            loop
            sideOffset={8}
            collisionPadding={16}
            className="z-30 max-h-[70dvh] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.RadioGroup value={current} onValueChange={onChoose}>
              {choices.map((choice) => (
                <DropdownMenu.RadioItem
                  key={choice.value}
                  value={choice.value}
                  className="flex w-full cursor-default items-start gap-3 rounded-lg px-3 py-2.5 text-left outline-none select-none data-[highlighted]:bg-brand-50"
                >
                  <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center text-brand-700">
                    <DropdownMenu.ItemIndicator>
                      <Check aria-hidden="true" className="size-4" />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  <span className="min-w-0">
                    <span className="block text-sm font-medium break-words text-slate-900">
                      {choice.label}
                    </span>
                    {choice.description && (
                      <span className="block text-xs text-slate-600">{choice.description}</span>
                    )}
                  </span>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
