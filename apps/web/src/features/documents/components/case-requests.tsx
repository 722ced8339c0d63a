import { createDocumentRequestRequest, type DocumentRequestView } from '@sentinel/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useDocumentRequests, useRequestDocument, useUpdateDocumentRequest } from '@/api/document-requests';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';

type FormField = 'title' | 'note';

/** Ask the client for a document: it appears on their checklist at once. */
function RequestForm({ caseId }: { caseId: string }) {
  const request = useRequestDocument(caseId);
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createDocumentRequestRequest.safeParse({ title, note });
    if (!parsed.success) {
      const found: Partial<Record<FormField, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FormField] ??= issue.message;
      setErrors(found);
      const first = (['title', 'note'] as const).find((field) => found[field]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    request.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setTitle('');
        setNote('');
      },
      onError: (error) =>
        setFormError(errorMessage(error, 'The request could not be sent. Please try again.')),
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <Field label="Document to request" error={errors.title}>
        {(control) => (
          <Input
            {...control}
            name="title"
            value={title}
            maxLength={160}
            placeholder="e.g. Signed proof of loss"
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field label="Note for the client (optional)" error={errors.note}>
        {(control) => (
          <Input
            {...control}
            name="note"
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? 'Requesting…' : 'Request document'}
      </Button>
      {formError && (
        <Alert tone="error" className="sm:col-span-3">
          {formError}
        </Alert>
      )}
    </form>
  );
}

function RequestRow({ caseId, request }: { caseId: string; request: DocumentRequestView }) {
  const update = useUpdateDocumentRequest(caseId);
  const change = (status: DocumentRequestView['status']) =>
    update.mutate(
      { requestId: request.id, body: { status } },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(errorMessage(error, 'The request could not be updated.')),
      },
    );
  const received = request.status === 'received';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-slate-900">{request.title}</p>
        <p className="text-xs break-words text-slate-600">
          Requested {formatDay(request.createdAt)}
          {request.note ? ` · ${request.note}` : ''}
        </p>
      </div>
      <Badge tone={received ? 'success' : 'warning'}>
        {received ? 'Received' : 'Waiting for the client'}
      </Badge>
      <div className="flex gap-2">
        {received ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={update.isPending}
            onClick={() => change('open')}
            aria-label={`Reopen: ${request.title}`}
          >
            Reopen
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={update.isPending}
            onClick={() => change('received')}
            aria-label={`Mark received: ${request.title}`}
          >
            Mark received
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={update.isPending}
          onClick={() => change('cancelled')}
          aria-label={`Withdraw: ${request.title}`}
        >
          Withdraw
        </Button>
      </div>
    </li>
  );
}

/**
 * The case page's "Requested from the client" (attorneys): what the firm asked of the client — by
 * a workflow or by hand here — with whether it came in; the client sees the same list on their
 * checklist. Withdrawing takes it off the checklist.
 */
export function CaseRequests({ caseId }: { caseId: string }) {
  const requests = useDocumentRequests(caseId);
  return (
    <Card
      title="Requested from the client"
      description="Each request appears on the client’s document checklist until it is received or withdrawn."
    >
      <RequestForm caseId={caseId} />
      {requests.isError ? (
        <div className="mt-4">
          <LoadError
            error={requests.error}
            fallback="The requests could not be loaded."
            onRetry={() => void requests.refetch()}
            retrying={requests.isFetching}
          />
        </div>
      ) : requests.data?.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          Nothing has been requested from the client on this case.
        </p>
      ) : (
        <ul aria-label="Requested documents" className="mt-2 divide-y divide-slate-100">
          {(requests.data ?? []).map((request) => (
            <RequestRow key={request.id} caseId={caseId} request={request} />
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {requests.isPending ? 'Loading requests…' : ''}
      </p>
    </Card>
  );
}
