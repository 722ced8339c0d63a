import { USER_TYPE_LABELS } from '@sentinel/shared';
import { MessageSquarePlus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useMessagePeople } from '../api/get-people';
import { useStartDirectConversation } from '../api/start-direct';

/**
 * Attorneys: 'New message' starts (or reopens) a direct conversation with a person of the firm
 * or one of its clients, then opens it.
 */
export function NewMessageButton({ onStarted }: { onStarted: (conversationId: string) => void }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const people = useMessagePeople(open);
  const start = useStartDirectConversation();

  return (
    <>
      <Button
        icon={<MessageSquarePlus aria-hidden="true" className="size-4" />}
        onClick={() => {
          start.reset();
          setChosen('');
          setOpen(true);
        }}
      >
        New message
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !start.isPending && setOpen(next)}
        title="New message"
        description="Write to someone of your firm or to one of its clients."
        widthClassName="max-w-md"
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return;
            start.mutate(chosen, {
              onSuccess: ({ conversation }) => {
                setOpen(false);
                onStarted(conversation.id);
              },
            });
          }}
        >
          {people.isPending ? (
            <LoadingState label="Loading people..." />
          ) : people.isError ? (
            <LoadError
              error={people.error}
              fallback="The people of your firm could not be loaded. Please try again."
              onRetry={() => void people.refetch()}
              retrying={people.isFetching}
            />
          ) : people.data.length === 0 ? (
            <p className="text-sm text-slate-600">There is nobody else in your firm to write to yet.</p>
          ) : (
            <Field label="To">
              {(control) => (
                <Select {...control} value={chosen} onChange={(event) => setChosen(event.target.value)}>
                  <option value="">Choose a person</option>
                  {people.data.map((person) => (
                    <option key={person.userId} value={person.userId}>
                      {person.userType
                        ? `${person.name} — ${USER_TYPE_LABELS[person.userType]}`
                        : person.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {start.isError && (
            <Alert tone="error" className="mt-4">
              {errorMessage(start.error, 'The conversation could not be started. Please try again.')}
            </Alert>
          )}
          <DialogActions>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={start.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={start.isPending} disabled={!chosen}>
              Open conversation
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
