import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileRequest, type ProfileResponse, type UpdateProfileRequest } from '@sentinel/shared';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

/** Profile tab: name and e-mail read-only; the firm name is editable for attorneys. */
export function ProfileSettings() {
  const profile = useProfile();

  if (profile.isPending) return <LoadingState label="Loading profile..." />;
  if (profile.isError) {
    return (
      <LoadError
        error={profile.error}
        fallback="Your profile could not be loaded."
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <ProfileForm profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: ProfileResponse }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<UpdateProfileRequest>({
    resolver: zodResolver(updateProfileRequest),
    values: { firmName: profile.firmName ?? '' },
  });
  const fullName = [profile.user.first_name, profile.user.last_name].filter(Boolean).join(' ');
  // No firm yet (issue 9): nothing to rename until a firm adds the person.
  const hasFirm = profile.firmName !== null;
  const canEdit = hasFirm && profile.canEditFirmName;

  return (
    <Card title="Profile" description="Your name and account e-mail, and your firm’s name.">
      <form
        onSubmit={handleSubmit((values) => update.mutate(values))}
        noValidate
        className="max-w-xl space-y-5"
      >
        {update.isError && <Alert tone="error">{errorMessage(update.error, 'Failed to save profile')}</Alert>}
        <Field label="Name">{(control) => <Input {...control} value={fullName} readOnly />}</Field>
        {hasFirm ? (
          <Field
            label="Firm name"
            error={errors.firmName?.message}
            hint={canEdit ? undefined : 'Only attorneys can change the firm name.'}
          >
            {(control) => (
              <Input {...control} autoComplete="organization" readOnly={!canEdit} {...register('firmName')} />
            )}
          </Field>
        ) : (
          <Field label="Firm name" hint="You join a firm by accepting its invitation, under Firms.">
            {(control) => <Input {...control} value="No firm yet" readOnly />}
          </Field>
        )}
        <Field label="Account email">
          {(control) => <Input {...control} type="email" value={profile.user.email} readOnly />}
        </Field>
        {canEdit && (
          <Button type="submit" isLoading={update.isPending} disabled={!isDirty}>
            {update.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        )}
      </form>
    </Card>
  );
}
