import { CLIENT_PAGE_SIZES, MESSAGES, type ClientSummary } from '@sentinel/shared';
import { clsx } from 'clsx';
import { UserPlus, Users } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { LoadingState, RefreshingList } from '@/components/ui/spinner';
import { clientPath } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useMediaQuery } from '@/lib/use-media-query';
import { useClients } from '../api/get-clients';
import { parseClientsPageSize, useClientsPageSize } from '../hooks/use-clients-page-size';
import { clientName } from '../utils/labels';
import { ClientStatusBadges } from './client-status-badges';
import { CreateClientDialog } from './create-client-dialog';
import { LoadError } from '@/components/ui/load-error';

/** Typing settles for this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 250;

const positivePage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * Spec §2 Client Directory: search, page size (10 / 12 / 20 / All, remembered), the clients as a
 * table (a card list on small screens), pagination, and 'Add New Client'. Search and page live in
 * the URL, so going back from a client's page returns to the same place.
 */
export function ClientDirectory() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = positivePage(params.get('page'));
  const [pageSize, setPageSize] = useClientsPageSize();
  const [term, setTerm] = useState(search);
  // The search this screen last put in the URL; any other change (a link to /clients, Back) is
  // copied into the box.
  const pushedSearch = useRef(search);
  const [adding, setAdding] = useState(false);
  // The table needs the width beside the sidebar; narrower screens get cards.
  const wide = useMediaQuery('(min-width: 1024px)');
  const sizeId = useId();

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (search === pushedSearch.current) return;
    pushedSearch.current = search;
    setTerm(search);
  }, [search]);

  // The search runs once typing has paused, and always from the first page.
  useEffect(() => {
    const next = term.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      pushedSearch.current = next;
      update({ search: next || null, page: null });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, search, update]);

  const clients = useClients({ userId: session?.userId ?? '', search, page, pageSize });
  const data = clients.data;

  // A page beyond the end (clients removed, a bookmarked URL): go to the last page there is.
  useEffect(() => {
    if (!data || clients.isPlaceholderData || data.clients.length > 0 || data.total === 0 || page === 1)
      return;
    const size = typeof data.pageSize === 'number' ? data.pageSize : data.total;
    update({ page: String(Math.max(1, Math.ceil(data.total / size))) });
  }, [data, clients.isPlaceholderData, page, update]);

  useEffect(() => {
    if (clients.isError) toast.error(MESSAGES.clientsLoadFailedToast, { id: 'clients-load-failed' });
  }, [clients.isError]);

  const changePageSize = (value: string) => {
    const size = parseClientsPageSize(value);
    if (!size) return;
    setPageSize(size);
    update({ page: null });
  };

  const clearSearch = () => {
    setTerm('');
    pushedSearch.current = '';
    update({ search: null, page: null });
  };

  return (
    <>
      <PageHeader
        title="Client Directory"
        description="Your firm’s clients, their contact details and lead attorneys."
        actions={
          <Button icon={<UserPlus aria-hidden="true" className="size-4" />} onClick={() => setAdding(true)}>
            Add New Client
          </Button>
        }
      />

      <Card bodyClassName="p-0">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between md:px-5">
          <SearchInput
            label="Search clients"
            className="sm:max-w-sm"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder="Search clients"
          />
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="text-sm whitespace-nowrap text-slate-700">
              Rows per page
            </label>
            <Select
              id={sizeId}
              value={String(pageSize)}
              onChange={(event) => changePageSize(event.target.value)}
              className="w-24"
            >
              {CLIENT_PAGE_SIZES.map((size) => (
                <option key={size} value={String(size)}>
                  {size === 'all' ? 'All' : size}
                </option>
              ))}
            </Select>
          </div>
        </div>

        {clients.isPending ? (
          <LoadingState label="Loading clients..." />
        ) : clients.isError && !data ? (
          <div className="p-4 md:p-5">
            <LoadError fallback={MESSAGES.clientsFetchFailed} onRetry={() => void clients.refetch()} />
          </div>
        ) : !data || data.clients.length === 0 ? (
          <EmptyState
            icon={Users}
            title={MESSAGES.noClientsFound}
            description={
              search
                ? `No client matches “${search}”.`
                : 'Add a client with ‘Add New Client’; they receive an e-mail invitation.'
            }
            action={
              search ? (
                <Button variant="secondary" size="sm" onClick={clearSearch}>
                  Clear search
                </Button>
              ) : undefined
            }
          />
        ) : (
          <RefreshingList fetching={clients.isFetching} stale={clients.isPlaceholderData}>
            {wide ? <ClientsTable clients={data.clients} /> : <ClientCards clients={data.clients} />}
          </RefreshingList>
        )}

        {data && data.total > 0 && (
          <div className="border-t border-slate-100 p-4 md:px-5">
            <Pagination
              label="Clients"
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              shown={data.clients.length}
              onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
              disabled={clients.isPlaceholderData}
            />
          </div>
        )}
      </Card>

      <CreateClientDialog
        open={adding}
        onOpenChange={setAdding}
        // Newest first: clear the search and go to page 1 so the new client is in view.
        onCreated={clearSearch}
      />
    </>
  );
}

function ViewProfileLink({ client, className }: { client: ClientSummary; className?: string }) {
  return (
    <Link
      to={clientPath(client.id)}
      className={buttonClasses({ variant: 'secondary', size: 'sm', className })}
    >
      View Profile<span className="sr-only">: {clientName(client)}</span>
    </Link>
  );
}

function ContactLines({ client }: { client: ClientSummary }) {
  return (
    <>
      <a
        href={`mailto:${client.email}`}
        title={client.email}
        className="block truncate text-brand-700 hover:text-brand-800 hover:underline"
      >
        {client.email}
      </a>
      {client.phone && (
        <a
          href={`tel:${client.phone.replace(/[^+\d]/g, '')}`}
          className="block text-slate-600 hover:underline"
        >
          {client.phone}
        </a>
      )}
    </>
  );
}

function NameCell({ client }: { client: ClientSummary }) {
  const name = clientName(client);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{name}</p>
        {client.companyName && <p className="truncate text-xs text-slate-600">{client.companyName}</p>}
      </div>
    </div>
  );
}

const headCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase first:pl-5';
const bodyCell = 'px-4 py-3 align-middle first:pl-5';

function ClientsTable({ clients }: { clients: ClientSummary[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Clients</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={headCell}>
              Name
            </th>
            <th scope="col" className={headCell}>
              Contact
            </th>
            <th scope="col" className={headCell}>
              Lead Attorney
            </th>
            <th scope="col" className={headCell}>
              Status
            </th>
            <th scope="col" className={clsx(headCell, 'pr-5')}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {clients.map((client) => (
            <tr key={client.id} className="hover:bg-slate-50/60">
              <td className={clsx(bodyCell, 'max-w-64')}>
                <NameCell client={client} />
              </td>
              <td className={clsx(bodyCell, 'max-w-64')}>
                <ContactLines client={client} />
              </td>
              <td className={clsx(bodyCell, 'text-slate-700')}>
                {client.leadAttorney?.name ?? <span className="text-slate-500">Not assigned</span>}
              </td>
              <td className={bodyCell}>
                <ClientStatusBadges client={client} />
              </td>
              <td className={clsx(bodyCell, 'pr-5 text-right')}>
                <ViewProfileLink client={client} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ClientCards({ clients }: { clients: ClientSummary[] }) {
  return (
    <ul aria-label="Clients" className="divide-y divide-slate-100">
      {clients.map((client) => (
        <li key={client.id} className="space-y-3 p-4 text-sm">
          <NameCell client={client} />
          <ClientStatusBadges client={client} />
          <div className="min-w-0">
            <ContactLines client={client} />
          </div>
          <p className="text-slate-700">
            <span className="text-slate-600">Lead attorney: </span>
            {client.leadAttorney?.name ?? 'Not assigned'}
          </p>
          <ViewProfileLink client={client} className="w-full" />
        </li>
      ))}
    </ul>
  );
}
