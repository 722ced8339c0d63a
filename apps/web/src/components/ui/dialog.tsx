import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useRef, type ComponentProps, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Width class, e.g. 'max-w-md'. Default 'max-w-lg'. */
  widthClassName?: string;
  onOpenAutoFocus?: ComponentProps<typeof RadixDialog.Content>['onOpenAutoFocus'];
}

/**
 * A modal dialog: labelled by its title, focus kept inside while open and returned to the
 * opener on close, Escape and a press on the backdrop close it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  role = 'dialog',
  widthClassName = 'max-w-lg',
  onOpenAutoFocus,
}: DialogProps) {
  // Radix returns focus to a Dialog.Trigger; these dialogs are opened by plain buttons, so the
  // opener is remembered here. If it is gone (e.g. the button of an action that succeeded),
  // focus goes to the page's main region.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <RadixDialog.Content
          role={role}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current?.isConnected
              ? opener.current
              : document.getElementById('main-content');
            target?.focus({ preventScroll: true });
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-xl bg-white shadow-xl focus:outline-none',
            widthClassName,
          )}
        >
          <div className="border-b border-slate-100 py-4 pr-14 pl-5">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1 text-sm text-slate-600">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {/* Last in the DOM so the first field, not the close button, receives focus on open. */}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The row of buttons at the foot of a dialog: stacked on phones, right-aligned otherwise. */
export function DialogActions({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={clsx('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      {children}
    </div>
  );
}
