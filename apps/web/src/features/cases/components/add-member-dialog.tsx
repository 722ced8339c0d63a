import { zodResolver } from '@hookform/resolvers/zod';
import {
  addCaseMemberRequest,
  CASE_MEMBER_ROLES,
  CASE_MEMBER_ROLE_LABELS,
  MEMBER_ROLE_USER_TYPE,
  MESSAGES,
  USER_TYPE_LABELS,
  type AddCaseMemberRequest,
  type CaseDetail,
  type CaseMemberRole,
} from '@sentinel/shared';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Options, Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useAddCaseMember } from '../api/add-case-member';
import { useFirmPeople } from '@/api/firm-people';

type Mode = 'existing' | 'invite';

interface MemberFormValues {
  mode: Mode;
  role: CaseMemberRole | '';
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
}

const EMPTY: MemberFormValues = {
  mode: 'existing',
  role: '',
  userId: '',
  firstName: '',
  lastName: '',
  email: '',
  companyName: '',
};

const [existingSchema, inviteSchema] = addCaseMemberRequest.options;

/** Checks the half of the shared request schema that the chosen mode sends. */
const resolver: Resolver<MemberFormValues, unknown, AddCaseMemberRequest> = (values, context, options) => {
  const body =
    values.mode === 'existing'
      ? { userId: values.userId || undefined, role: values.role || undefined }
      : {
          email: values.email,
          firstName: values.firstName,
          lastName: values.lastName,
          companyName: values.companyName.trim() || null,
          role: values.role || undefined,
        };
  const schema = values.mode === 'existing' ? existingSchema : inviteSchema;
  return (zodResolver(schema) as unknown as Resolver<Record<string, unknown>, unknown, AddCaseMemberRequest>)(
    body,
    context,
    options as never,
  ) as ReturnType<Resolver<MemberFormValues, unknown, AddCaseMemberRequest>>;
};

export interface AddMemberDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  detail: CaseDetail;
}

/**
 * 'Add Member': someone of the firm whose account fits the role (a contractor for 'Restoration
 * Contractor', …), or a new person invited by e-mail, who receives a temporary password.
 */
export function AddMemberDialog({ open, onOpenChange, detail }: AddMemberDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title="Add Member"
      description={`Add someone to ${detail.caseNumber}. They see the case and its updates.`}
    >
      {open && <AddMemberForm detail={detail} onDone={() => onOpenChange(false)} onBusy={setBusy} />}
    </Dialog>
  );
}

function AddMemberForm({
  detail,
  onDone,
  onBusy,
}: {
  detail: CaseDetail;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const people = useFirmPeople();
  const add = useAddCaseMember();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<MemberFormValues, unknown, AddCaseMemberRequest>({ resolver, defaultValues: EMPTY });
  const mode = watch('mode');
  const role = watch('role');

  const taken = new Set([...detail.members.map((member) => member.userId), detail.leadAttorney?.id]);
  const candidates = role
    ? (people.data ?? []).filter(
        (person) => person.userType === MEMBER_ROLE_USER_TYPE[role] && !taken.has(person.id),
      )
    : [];

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    onBusy(true);
    try {
      const answer = await add.mutateAsync({ caseId: detail.id, body });
      toast.success(answer?.message || MESSAGES.caseMemberAdded);
      onDone();
    } catch (error) {
      setFormError(errorMessage(error, 'They could not be added. Please try again.'));
    } finally {
      onBusy(false);
    }
  });

  const busy = isSubmitting || add.isPending;
  const personPlaceholder = !role
    ? 'Choose a role first'
    : people.isPending
      ? 'Loading people...'
      : candidates.length === 0
        ? `No ${USER_TYPE_LABELS[MEMBER_ROLE_USER_TYPE[role]].toLowerCase()} to add`
        : 'Choose a person';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}

      <Field label="Role on the case" required error={errors.role?.message}>
        {(control) => (
          <Select
            {...control}
            aria-required="true"
            {...register('role', { onChange: () => setValue('userId', '') })}
          >
            <option value="">Choose a role</option>
            <Options values={CASE_MEMBER_ROLES} label={CASE_MEMBER_ROLE_LABELS} />
          </Select>
        )}
      </Field>

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Who</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {(
            [
              ['existing', 'Someone in your firm'],
              ['invite', 'Invite by e-mail'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={clsx(
                'flex cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-center text-sm font-medium',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                mode === value ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-700 hover:text-slate-900',
              )}
            >
              <input type="radio" value={value} className="sr-only" {...register('mode')} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'existing' ? (
        <Field
          label="Person"
          required
          error={errors.userId?.message}
          hint={
            people.isError
              ? 'The firm’s people could not be loaded.'
              : 'Only accounts whose type fits the role are listed.'
          }
        >
          {(control) => (
            <Select {...control} aria-required="true" disabled={!role} {...register('userId')}>
              <option value="">{personPlaceholder}</option>
              {candidates.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name} ({person.email})
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" required error={errors.firstName?.message}>
              {(control) => (
                <Input {...control} autoComplete="off" aria-required="true" {...register('firstName')} />
              )}
            </Field>
            <Field label="Last name" required error={errors.lastName?.message}>
              {(control) => (
                <Input {...control} autoComplete="off" aria-required="true" {...register('lastName')} />
              )}
            </Field>
          </div>
          <Field
            label="Email"
            required
            error={errors.email?.message}
            hint="They receive an e-mail with a temporary password."
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                aria-required="true"
                {...register('email')}
              />
            )}
          </Field>
          <Field label="Company" hint="Optional" error={errors.companyName?.message}>
            {(control) => <Input {...control} autoComplete="off" {...register('companyName')} />}
          </Field>
        </>
      )}

      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" isLoading={busy}>
          {busy ? 'Adding...' : mode === 'invite' ? 'Send Invitation' : 'Add to Case'}
        </Button>
      </DialogActions>
    </form>
  );
}
