import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, messagingSettings, type MessagingSettings } from '@sentinel/shared';
import { clsx } from 'clsx';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useMessagingSettings, useSaveMessagingSettings } from '../api/messaging-settings';

/**
 * Messages tab: the away reply (off by default; its text is the spec's canned reply until
 * changed), sent for the person 2 seconds after a message reaches them while it is on, and the
 * e-mail digest of notifications left unread for 15 minutes.
 */
export function MessagingSettingsTab() {
  const settings = useMessagingSettings();
  if (settings.isPending) return <LoadingState label="Loading message settings..." />;
  if (settings.isError) {
    return (
      <LoadError
        error={settings.error}
        fallback="Your message settings could not be loaded."
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  return <MessagingForm saved={settings.data} />;
}

function MessagingForm({ saved }: { saved: MessagingSettings }) {
  const save = useSaveMessagingSettings();
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isDirty },
  } = useForm<MessagingSettings>({
    resolver: zodResolver(messagingSettings),
    values: { ...saved, awayReplyText: saved.awayReplyText || MESSAGES.awayReplyDefault },
  });
  const awayOn = watch('awayReplyEnabled');

  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))} className="space-y-6">
      <Card
        title="Away reply"
        description="While it is on, everyone who writes to you gets this reply automatically, marked as automatic."
      >
        <div className="max-w-xl space-y-5">
          <Controller
            control={control}
            name="awayReplyEnabled"
            render={({ field }) => (
              <Switch label="Send an away reply" checked={field.value} onChange={field.onChange} />
            )}
          />
          <Field label="Away reply" error={errors.awayReplyText?.message}>
            {(fieldControl) => (
              <textarea
                {...fieldControl}
                {...register('awayReplyText')}
                rows={3}
                className={clsx(
                  'block w-full resize-y rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                  errors.awayReplyText ? 'border-red-600' : 'border-slate-300',
                  !awayOn && 'text-slate-700',
                )}
              />
            )}
          </Field>
        </div>
      </Card>
      <Card title="Notifications by e-mail">
        <Controller
          control={control}
          name="notificationDigest"
          render={({ field }) => (
            <Switch
              label="Email me a digest of notifications left unread for 15 minutes"
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </Card>
      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending} disabled={!isDirty}>
          Save message settings
        </Button>
      </div>
    </form>
  );
}
