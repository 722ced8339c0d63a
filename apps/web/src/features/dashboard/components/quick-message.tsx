import type { CaseDetail } from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { caseThreads, postMessage, storeMessages, useConversations } from '@/api/conversations';
import { queryKeys } from '@/api/query-keys';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { conversationPath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

/**
 * The quick message box: the message goes into the case thread (the case's client, its
 * attorneys and its team read it on the messages screen), with a toast and a link to the thread.
 */
export function QuickMessage({ detail }: { detail: Pick<CaseDetail, 'id' | 'caseNumber' | 'title'> }) {
  const id = useId();
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const conversations = useConversations(detail.id);
  const thread = caseThreads(conversations.data?.data).caseThread;
  const send = useMutation({
    mutationFn: ({ conversationId, body }: { conversationId: string; body: string }) =>
      postMessage(conversationId, { body }),
    onSuccess: ({ message }) => {
      storeMessages(queryClient, message.conversationId, [message]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
      setText('');
      toast.success('Message sent to your case team', {
        action: {
          label: 'Open conversation',
          onClick: () => void navigate(conversationPath(message.conversationId)),
        },
      });
    },
  });
  const ready = Boolean(thread) && !send.isPending;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const body = text.trim();
        if (!thread || !body || send.isPending) return;
        send.mutate({ conversationId: thread.id, body });
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Message your case team
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        disabled={!thread}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-note`}
        placeholder="Type your message..."
        className="mt-1.5 block w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100"
      />
      <p id={`${id}-note`} className="mt-2 text-sm text-slate-700">
        {conversations.isPending
          ? 'Loading the case conversation...'
          : thread
            ? `It goes to the conversation of ${detail.caseNumber} with your attorney and team.`
            : conversations.isError
              ? errorMessage(conversations.error, 'The case conversation could not be loaded.')
              : 'This case has no conversation yet.'}
      </p>
      {send.isError && (
        <Alert tone="error" className="mt-2">
          {errorMessage(send.error, 'The message could not be sent. Please try again.')}
        </Alert>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {thread ? (
          <Link
            to={conversationPath(thread.id)}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            Open the conversation
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <span />
        )}
        <Button
          type="submit"
          size="sm"
          isLoading={send.isPending}
          disabled={!ready || !text.trim()}
          icon={<Send aria-hidden="true" className="size-4" />}
        >
          Send
        </Button>
      </div>
    </form>
  );
}
