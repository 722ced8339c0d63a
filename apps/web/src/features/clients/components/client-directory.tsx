import { CLIENT_PAGE_SIZES, DEFAULT_CLIENT_PAGE_SIZE, MESSAGES, type ClientSummary } from '@sentinel/shared';
import { clsx } from 'clsx';
import { UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  bodyCell,
  ListEmpty,
  ListPagination,
  ListStates,
  ListTable,
  ListToolbar,
  RowsPerPage,
  TableOrCards,
} from '@/components/ui/list';
import { PageHeader } from '@/components/ui/page-header';
import { clientPath } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useListParams } from '@/lib/use-list-params';
import { useClients } from '../api/get-clients';
import { useClientsPageSize } from '../hooks/use-clients-page-size';
import { clientName } from '../utils/labels';
import { ClientStatusBadges } from './client-status-badges';
import { CreateClientDialog } from './create-client-dialog';

/**
 * Spec §2 Client Directory: search, page size (10 / 12 / 20 / All, remembered), the clients as a
 * table (a card list on small screens), pagination, and 'Add New Client'. Search and page live in
 * the URL, so going back from a client's page returns to the same place.
 */
export function ClientDirectory() {
  const session = useSession();
  const list = useListParams({
    pageSizes: CLIENT_PAGE_SIZES,
    defaultPageSize: DEFAULT_CLIENT_PAGE_SIZE,
    pageSizeStore: useClientsPageSize(),
    replaceHistory: true,
  });
  const { search, page, pageSize } = list;
  const [adding, setAdding] = useState(false);

  const clients = useClients({ userId: session?.userId ?? '', search, page, pageSize });
  const data = clients.data;

  useEffect(() => {
    if (clients.isError) toast.error(MESSAGES.clientsLoadFailedToast, { id: 'clients-load-failed' });
  }, [clients.isError]);

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
        <ListToolbar
          searchLabel="Search clients"
          placeholder="Search clients"
          term={list.term}
          onTermChange={list.setTerm}
        >
          <RowsPerPage value={pageSize} options={CLIENT_PAGE_SIZES} onChange={list.setPageSize} />
        </ListToolbar>

        <ListStates
          query={clients}
          loadingLabel="Loading clients..."
          errorText={MESSAGES.clientsFetchFailed}
          fixedErrorText
          isEmpty={(answer) => answer.clients.length === 0}
          empty={
            <ListEmpty
              icon={Users}
              title={MESSAGES.noClientsFound}
              search={search}
              onClearSearch={list.clearSearch}
              noMatch={`No client matches “${search}”.`}
              description="Add a client with ‘Add New Client’; they receive an e-mail invitation."
            />
          }
        >
          {(answer) => (
            // The table needs the width beside the sidebar; narrower screens get cards.
            <TableOrCards
              minWidth="1024px"
              table={<ClientsTable clients={answer.clients} />}
              cards={<ClientCards clients={answer.clients} />}
            />
          )}
        </ListStates>

        {data && (
          <ListPagination
            label="Clients"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            shown={data.clients.length}
            onPageChange={list.setPage}
            disabled={clients.isPlaceholderData}
          />
        )}
      </Card>

      <CreateClientDialog
        open={adding}
        onOpenChange={setAdding}
        // Newest first: clear the search and go to page 1 so the new client is in view.
        onCreated={list.clearSearch}
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

function ClientsTable({ clients }: { clients: ClientSummary[] }) {
  return (
    <ListTable caption="Clients" columns={['Name', 'Contact', 'Lead Attorney', 'Status', '']}>
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
    </ListTable>
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
