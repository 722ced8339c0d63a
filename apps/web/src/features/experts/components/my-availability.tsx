import { AVAILABILITY_SUGGESTIONS, EXPERT_MESSAGES, updateMyAvailabilityRequest } from '@sentinel/shared';
import { UserCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useMyExpert, useUpdateMyAvailability } from '../api/my-availability';
import { AvailabilityBadge } from './availability-badge';

/**
 * Settings → Availability, for an expert witness: the availability the firm's directory shows for
 * them (spec §4 colours), which they keep themselves once the firm has linked them.
 */
export function MyAvailability() {
  const mine = useMyExpert();
  if (mine.isPending) return <LoadingState label="Loading your availability..." />;
  if (mine.isError) {
    return (
      <LoadError
        error={mine.error}
        fallback="Your availability could not be loaded."
        onRetry={() => void mine.refetch()}
      />
    );
  }
  if (!mine.data) {
    return (
      <Card>
        <EmptyState
          icon={UserCheck}
          title="Not in the expert directory"
          description={EXPERT_MESSAGES.notInDirectory}
        />
      </Card>
    );
  }
  return <AvailabilityForm key={mine.data.id} current={mine.data.availability} />;
}

function AvailabilityForm({ current }: { current: string }) {
  const save = useUpdateMyAvailability();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const listId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = updateMyAvailabilityRequest.safeParse({ availability: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const answer = await save.mutateAsync(parsed.data);
      toast.success(answer.message);
    } catch (failure) {
      setFormError(errorMessage(failure, 'Your availability could not be saved.'));
    }
  };

  return (
    <Card
      title="Availability"
      description="What the firm’s expert directory shows when attorneys look for an expert."
    >
      <form onSubmit={submit} noValidate className="max-w-lg space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <p className="flex items-center gap-2 text-sm text-slate-700">
          Now shown as <AvailabilityBadge availability={current} />
        </p>
        <Field
          label="Availability"
          required
          hint="Available shows green, text with Busy yellow, anything else red"
          error={error}
        >
          {(control) => (
            <Input
              {...control}
              list={listId}
              aria-required="true"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </Field>
        <datalist id={listId}>
          {AVAILABILITY_SUGGESTIONS.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
        <div className="flex flex-wrap gap-2">
          {(['Available', 'Unavailable'] as const).map((option) => (
            <Button key={option} type="button" size="sm" variant="secondary" onClick={() => setValue(option)}>
              {option}
            </Button>
          ))}
        </div>
        <Button type="submit" isLoading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Availability'}
        </Button>
      </form>
    </Card>
  );
}
