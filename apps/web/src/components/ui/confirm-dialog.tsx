import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogActions } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** Spec §2 (calendar): the generic confirm dialog defaults to 'Confirm' and 'Are you sure?'. */
  title?: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  isPending?: boolean;
  /** Shown inside the dialog when the confirmed action failed. */
  error?: string | null;
}

/** Asks before an action; the caller runs it in onConfirm and closes the dialog when it is done. */
export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  title = 'Confirm',
  message = 'Are you sure?',
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'primary',
  isPending,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
      title={title}
      description={message}
      role="alertdialog"
      widthClassName="max-w-md"
    >
      {error && <Alert tone="error">{error}</Alert>}
      <DialogActions className={error ? undefined : 'mt-0'}>
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPending}>
          {cancelLabel}
        </Button>
        <Button variant={variant} onClick={onConfirm} isLoading={isPending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
