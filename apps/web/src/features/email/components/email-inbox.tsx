import {
  emailApiError,
  MESSAGES,
  needsReconnectText,
  PROVIDER_LABELS,
  PROVIDERS,
  type Email,
  type Provider,
} from '@sentinel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { MailX, RefreshCw, Unplug } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { allCasesQueryOptions } from '@/api/cases';
import { queryKeys } from '@/api/query-keys';
import { connectedIntegrations, useConnections, useSyncMail } from '@/api/connections';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useSearchTerm } from '@/lib/use-list-params';
import { useMediaQuery } from '@/lib/use-media-query';
import { useInbox, type InboxFilter } from '../api/get-inbox';
import { ComposeButton } from './compose-button';
import { EmailList } from './email-list';
import { EmailReader } from './email-reader';

const integrationsPath = `${paths.settings}?tab=integrations`;

/** §8 "Email load": the server's message, else the status; no answer; anything else. */
export function inboxErrorText(error: unknown): string {
  if (!isApiError(error)) return MESSAGES.emailRequestError;
  if (error.status === 0) return MESSAGES.emailNetworkError;
  return error.serverMessage ?? emailApiError(error.status);
}

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

/** The inbox's filters and the open e-mail, kept in the URL (?provider&unread&q&case&email). */
function useInboxParams(connected: readonly Provider[]) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('provider');
  const provider = connected.find((p) => p === requested) ?? 'all';
  const filter: InboxFilter = {
    provider,
    unread: params.get('unread') === 'true',
    q: (params.get('q') ?? '').trim(),
    caseFilter: params.get('case') ?? '',
  };
  const openId = params.get('email');
  // The parameters as last set, not as a render saw them: the debounced search and a click on a
  // result may both land before the next render, and the second must not undo the first (React
  // Router's functional update hands both the same render's parameters).
  const latest = useRef(params);
  latest.current = params;
  const set = useCallback(
    (changes: Record<string, string | null>, push = false) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      latest.current = next;
      setParams(next, { replace: !push });
    },
    [setParams],
  );
  return { filter, openId, set };
}

/**
 * /email: the merged inbox of the connected Google and Microsoft accounts. Wide screens show the
 * list and the reader side by side; phones show the list, and an opened e-mail full-width with a
 * Back button (Escape too).
 */
export function EmailInbox() {
  const connections = useConnections();
  const integrations = connectedIntegrations(connections.data);
  const connectedProviders = integrations.map((integration) => integration.provider);
  const hasProvider = integrations.length > 0;
  const { filter, openId, set } = useInboxParams(connectedProviders);
  const inbox = useInbox(filter, hasProvider);
  const cases = useQuery({
    ...allCasesQueryOptions(),
    select: (answer) => answer.data,
    enabled: hasProvider,
  });
  const sync = useSyncMail();
  const wide = useMediaQuery('(min-width: 1024px)');
  // The open e-mail stays open while the search changes (it may have been opened from the
  // results before the debounced search reached the URL).
  const commitSearch = useCallback((q: string) => set({ q }), [set]);
  const search = useSearchTerm(filter.q, commitSearch);
  const ids = { provider: useId(), case: useId(), unread: useId(), list: useId() };

  const emails = useMemo(() => inbox.data?.pages.flatMap((page) => page.data) ?? [], [inbox.data]);
  const unreadCount = inbox.data?.pages[0]?.unreadCount;
  const filtered = filter.unread || filter.q !== '' || filter.caseFilter !== '' || filter.provider !== 'all';
  const lastOpened = useRef<string | null>(null);
  const open = (email: Email) => {
    lastOpened.current = email.id;
    set({ email: email.id }, !wide);
  };
  const close = () => set({ email: null });

  // A sync runs in the background: when the last one finishes, the inbox is read again.
  const queryClient = useQueryClient();
  const syncing = integrations.some((integration) => integration.connection.syncing);
  const wasSyncing = useRef(syncing);
  useEffect(() => {
    if (wasSyncing.current && !syncing) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.emails.all });
    }
    wasSyncing.current = syncing;
  }, [syncing, queryClient]);

  const syncNow = () => sync.mutate();

  const header = (
    <PageHeader
      title="Email"
      description={
        unreadCount !== undefined
          ? `${formatCount(unreadCount)} unread`
          : 'Mail from your connected accounts, filed by case.'
      }
      actions={
        hasProvider && (
          <>
            <Button
              variant="secondary"
              size="sm"
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
              isLoading={sync.isPending}
              onClick={syncNow}
            >
              Sync
            </Button>
            <ComposeButton integrations={integrations} />
          </>
        )
      }
    />
  );

  if (connections.isPending) {
    return (
      <>
        {header}
        <InboxSkeleton />
      </>
    );
  }
  if (connections.isError) {
    return (
      <>
        {header}
        <ConnectionError error={connections.error} onRetry={() => void connections.refetch()} />
      </>
    );
  }
  if (!hasProvider) {
    return (
      <>
        {header}
        <Card>
          <EmptyState
            icon={MailX}
            title="No mail account connected"
            description={MESSAGES.emailNoProvider}
            action={
              <Link to={integrationsPath} className={buttonClasses({ variant: 'secondary' })}>
                Go to Settings
              </Link>
            }
          />
        </Card>
      </>
    );
  }

  const showList = wide || !openId;
  const showReader = wide || Boolean(openId);

  const onReaderKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !wide && !isTyping(event.target) && !event.defaultPrevented) {
      event.preventDefault();
      close();
    }
  };

  return (
    <>
      {header}
      <div className="space-y-4">
        {integrations
          .filter((integration) => integration.connection.status === 'needs_reconnect')
          .map(({ provider }) => (
            <Alert key={provider} tone="info">
              <p>{needsReconnectText(provider)}</p>
              <Link
                to={integrationsPath}
                className="mt-1 inline-block font-semibold text-brand-800 underline underline-offset-2"
              >
                Reconnect {PROVIDER_LABELS[provider]}
              </Link>
            </Alert>
          ))}

        <div
          className={clsx(
            'gap-4 lg:grid lg:h-[calc(100dvh-13rem)] lg:min-h-[36rem] lg:grid-cols-[minmax(20rem,26rem)_minmax(0,1fr)]',
          )}
        >
          {showList && (
            <section
              aria-labelledby={ids.list}
              className="flex min-h-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs"
            >
              <h2 id={ids.list} className="sr-only">
                Messages
              </h2>
              <div className="space-y-3 border-b border-slate-100 p-3">
                <SearchInput
                  label="Search e-mails"
                  placeholder="Search e-mails"
                  value={search.term}
                  onChange={(event) => search.setTerm(event.target.value)}
                />
                <div className="grid grid-cols-2 gap-2">
                  <div>
                    <label htmlFor={ids.provider} className="sr-only">
                      Account
                    </label>
                    <Select
                      id={ids.provider}
                      value={filter.provider}
                      onChange={(event) =>
                        set({
                          provider: event.target.value === 'all' ? null : event.target.value,
                          email: null,
                        })
                      }
                    >
                      <option value="all">All accounts</option>
                      {PROVIDERS.filter((p) => connectedProviders.includes(p)).map((p) => (
                        <option key={p} value={p}>
                          {p === 'google' ? 'Google' : 'Microsoft'}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <div>
                    <label htmlFor={ids.case} className="sr-only">
                      Case
                    </label>
                    <Select
                      id={ids.case}
                      value={filter.caseFilter}
                      onChange={(event) => set({ case: event.target.value, email: null })}
                    >
                      <option value="">All cases</option>
                      <option value="unfiled">Unfiled</option>
                      <option value="suggested">Suggested</option>
                      {(cases.data ?? []).map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.caseNumber} — {item.title}
                        </option>
                      ))}
                    </Select>
                  </div>
                </div>
                <div className="flex items-center gap-2">
                  <input
                    id={ids.unread}
                    type="checkbox"
                    checked={filter.unread}
                    onChange={(event) => set({ unread: event.target.checked ? 'true' : null, email: null })}
                    className="size-4 rounded border-slate-400 accent-brand-700"
                  />
                  <label htmlFor={ids.unread} className="text-sm text-slate-700">
                    Unread only
                  </label>
                </div>
              </div>
              <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={inbox.isFetching}>
                {inbox.isPending ? (
                  <InboxSkeleton bare />
                ) : inbox.isError && emails.length === 0 ? (
                  <ConnectionError bare error={inbox.error} onRetry={() => void inbox.refetch()} />
                ) : emails.length === 0 ? (
                  <EmptyState
                    icon={MailX}
                    headingLevel="h3"
                    title={filtered ? MESSAGES.noEmailsFound : MESSAGES.inboxEmpty}
                  />
                ) : (
                  <>
                    <EmailList
                      emails={emails}
                      openId={openId}
                      onOpen={open}
                      focusOnMount={wide ? null : lastOpened.current}
                    />
                    {inbox.hasNextPage && (
                      <div className="border-t border-slate-100 p-3">
                        <Button
                          variant="secondary"
                          fullWidth
                          isLoading={inbox.isFetchingNextPage}
                          onClick={() => void inbox.fetchNextPage()}
                        >
                          Load more
                        </Button>
                      </div>
                    )}
                  </>
                )}
              </div>
            </section>
          )}
          {showReader && (
            <section
              aria-label="Reader"
              onKeyDown={onReaderKeyDown}
              className="mt-4 min-h-0 overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-xs lg:mt-0"
            >
              {openId ? (
                <EmailReader
                  key={openId}
                  id={openId}
                  cases={cases.data ?? []}
                  onBack={wide ? undefined : close}
                />
              ) : (
                <EmptyState
                  headingLevel="h2"
                  title="No e-mail selected"
                  description="Choose an e-mail from the list to read it here."
                  className="h-full justify-center"
                />
              )}
            </section>
          )}
        </div>
      </div>
    </>
  );
}

/** Loading: grey rows where the e-mails will be. */
function InboxSkeleton({ bare = false }: { bare?: boolean }) {
  const rows = (
    <div role="status" aria-label="Loading e-mails..." className="divide-y divide-slate-100">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="animate-pulse space-y-2 px-4 py-3.5" aria-hidden="true">
          <div className="h-3.5 w-1/3 rounded bg-slate-200" />
          <div className="h-3.5 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-5/6 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
  return bare ? rows : <Card bodyClassName="p-0">{rows}</Card>;
}

/**
 * The spec's 'Connection Error' panel ('Please go to your settings to connect your account.')
 * with the §8 reason below it.
 */
function ConnectionError({
  error,
  onRetry,
  bare = false,
}: {
  error: unknown;
  onRetry: () => void;
  bare?: boolean;
}) {
  const Heading = bare ? 'h3' : 'h2';
  const body = (
    <div role="alert" className="flex flex-col items-center px-6 py-10 text-center">
      <span className="mb-3 flex size-11 items-center justify-center rounded-full bg-red-50 text-red-700">
        <Unplug aria-hidden="true" className="size-5" />
      </span>
      <Heading className="text-sm font-semibold text-slate-900">{MESSAGES.connectionErrorTitle}</Heading>
      <p className="mt-1 max-w-sm text-sm text-slate-700">{MESSAGES.connectionErrorText}</p>
      <p className="mt-2 max-w-sm text-sm text-red-700">{inboxErrorText(error)}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
        <Link to={integrationsPath} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          Go to Settings
        </Link>
      </div>
    </div>
  );
  return bare ? body : <Card>{body}</Card>;
}
