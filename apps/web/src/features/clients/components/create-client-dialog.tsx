import { zodResolver } from '@hookform/resolvers/zod';
import { createClientRequest, MESSAGES, type CreateClientRequest } from '@sentinel/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useCreateClient } from '../api/create-client';

type FormInput = CreateClientRequest;
type FormValues = z.output<typeof createClientRequest>;

const EMPTY: FormInput = { firstName: '', lastName: '', email: '', phone: '', companyName: '' };

/** Spec §8 Clients: the server's message, else 'Failed to create client. Please try again.' */
const createErrorText = (error: unknown) => errorMessage(error, MESSAGES.clientCreateFailed);

export interface CreateClientDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the client was created (the list is already being refreshed). */
  onCreated?: () => void;
}

/**
 * 'Add New Client' (spec §5): first name, last name, e-mail and phone required, company optional,
 * checked with the server's own schema before anything is sent.
 */
export function CreateClientDialog({ open, onOpenChange, onCreated }: CreateClientDialogProps) {
  const session = useSession();
  const create = useCreateClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(createClientRequest),
    defaultValues: EMPTY,
  });

  const busy = isSubmitting || create.isPending;

  const changeOpen = (next: boolean) => {
    if (busy) return;
    if (!next) {
      reset(EMPTY);
      setFormError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await create.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        companyName: values.companyName || null,
        user_type: 'client',
        loggedUserId: session?.userId,
        loggedUserName: [session?.firstName, session?.lastName].filter(Boolean).join(' '),
      });
      toast.success(answer?.message || MESSAGES.clientCreated);
      reset(EMPTY);
      onOpenChange(false);
      onCreated?.();
    } catch (error) {
      setFormError(createErrorText(error));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title="Add New Client"
      description="They receive an e-mail invitation with a temporary password."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First Name" required error={errors.firstName?.message}>
            {(control) => (
              <Input {...control} autoComplete="off" aria-required="true" {...register('firstName')} />
            )}
          </Field>
          <Field label="Last Name" required error={errors.lastName?.message}>
            {(control) => (
              <Input {...control} autoComplete="off" aria-required="true" {...register('lastName')} />
            )}
          </Field>
        </div>
        <Field label="Email" required error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="off" aria-required="true" {...register('email')} />
          )}
        </Field>
        <Field label="Phone" required error={errors.phone?.message}>
          {(control) => (
            <Input {...control} type="tel" autoComplete="off" aria-required="true" {...register('phone')} />
          )}
        </Field>
        <Field label="Company" hint="Optional" error={errors.companyName?.message}>
          {(control) => <Input {...control} autoComplete="off" {...register('companyName')} />}
        </Field>
        <DialogActions>
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" isLoading={busy}>
            {busy ? 'Adding...' : 'Add Client'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
