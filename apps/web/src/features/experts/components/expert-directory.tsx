import {
  DEFAULT_EXPERT_PAGE_SIZE,
  EXPERT_MESSAGES,
  EXPERT_PAGE_SIZES,
  type ExpertSummary,
} from '@sentinel/shared';
import { Briefcase, UserCheck, UserPlus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  ListEmpty,
  ListPagination,
  ListStates,
  ListToolbar,
  RowsPerPage,
  ToolbarSelect,
} from '@/components/ui/list';
import { PageHeader } from '@/components/ui/page-header';
import { expertPath } from '@/config/paths';
import { useListParams } from '@/lib/use-list-params';
import { useExperts } from '../api/get-experts';
import { AvailabilityBadge } from './availability-badge';
import { EngageDialog } from './engage-dialog';
import { ExpertFormDialog } from './expert-form-dialog';
import { HourlyRate } from './hourly-rate';

const ALL_SPECIALTIES = '';

/** The specialty filter, kept in the URL beside the list's search and page (`?specialty=`). */
function useSpecialtyParam() {
  const [params, setParams] = useSearchParams();
  const specialty = (params.get('specialty') ?? '').trim();
  const setSpecialty = useCallback(
    (next: string) =>
      setParams(
        (previous) => {
          const changed = new URLSearchParams(previous);
          if (next) changed.set('specialty', next);
          else changed.delete('specialty');
          changed.delete('page');
          return changed;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [specialty, setSpecialty] as const;
}

/**
 * Spec §2 Expert Witness Directory: search by name, specialty or firm; a specialty filter; cards
 * with the initials avatar, specialty, credentials, firm, availability (§4 colours) and hourly
 * rate; View Profile; Engage on case; Add Expert.
 */
export function ExpertDirectory() {
  const list = useListParams({
    pageSizes: EXPERT_PAGE_SIZES,
    defaultPageSize: DEFAULT_EXPERT_PAGE_SIZE,
    replaceHistory: true,
  });
  const [specialty, setSpecialty] = useSpecialtyParam();
  const [adding, setAdding] = useState(false);
  const [engaging, setEngaging] = useState<ExpertSummary | null>(null);
  const experts = useExperts({ search: list.search, specialty, page: list.page, pageSize: list.pageSize });
  const data = experts.data;
  const specialties = [ALL_SPECIALTIES, ...(data?.specialties ?? (specialty ? [specialty] : []))];
  const filtered = Boolean(list.search || specialty);

  return (
    <>
      <PageHeader
        title={EXPERT_MESSAGES.title}
        description={EXPERT_MESSAGES.subtitle}
        actions={
          <Button icon={<UserPlus aria-hidden="true" className="size-4" />} onClick={() => setAdding(true)}>
            Add Expert
          </Button>
        }
      />

      <Card bodyClassName="p-0">
        <ListToolbar
          searchLabel="Search experts"
          placeholder="Search by name, specialty or firm"
          term={list.term}
          onTermChange={list.setTerm}
        >
          <ToolbarSelect
            label="Specialty"
            value={specialty}
            options={specialties}
            optionLabel={(option) => option || 'All Specialties'}
            onChange={setSpecialty}
            className="sm:w-56"
          />
          <RowsPerPage value={list.pageSize} options={EXPERT_PAGE_SIZES} onChange={list.setPageSize} />
        </ListToolbar>

        <ListStates
          query={experts}
          loadingLabel="Loading experts..."
          errorText={EXPERT_MESSAGES.loadFailed}
          isEmpty={(answer) => answer.data.length === 0}
          empty={
            <ListEmpty
              icon={UserCheck}
              title={EXPERT_MESSAGES.noExperts}
              search={filtered ? list.search || specialty : ''}
              onClearSearch={() => {
                list.clearSearch();
                setSpecialty(ALL_SPECIALTIES);
              }}
              noMatch={
                list.search
                  ? `No expert matches “${list.search}”${specialty ? ` in ${specialty}` : ''}.`
                  : `No expert in ${specialty} yet.`
              }
              description={EXPERT_MESSAGES.noExpertsHint}
            />
          }
        >
          {(answer) => (
            <ul aria-label="Experts" className="grid gap-4 p-4 sm:grid-cols-2 md:p-5 xl:grid-cols-3">
              {answer.data.map((expert) => (
                <ExpertCard key={expert.id} expert={expert} onEngage={() => setEngaging(expert)} />
              ))}
            </ul>
          )}
        </ListStates>

        {data && (
          <ListPagination
            label="Experts"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            shown={data.data.length}
            onPageChange={list.setPage}
            disabled={experts.isPlaceholderData}
          />
        )}
      </Card>

      <ExpertFormDialog open={adding} onOpenChange={setAdding} specialties={data?.specialties ?? []} />
      {engaging && (
        <EngageDialog
          expert={engaging}
          open
          onOpenChange={(open) => {
            if (!open) setEngaging(null);
          }}
        />
      )}
    </>
  );
}

function ExpertCard({ expert, onEngage }: { expert: ExpertSummary; onEngage: () => void }) {
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex min-w-0 items-start gap-3">
        <Avatar name={expert.name} className="size-11 text-sm" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{expert.name}</h2>
          <p className="truncate text-brand-800">{expert.specialty}</p>
        </div>
      </div>
      <dl className="grid gap-1.5 text-slate-700">
        <div className="flex min-w-0 gap-2">
          <dt className="sr-only">Availability</dt>
          <dd className="min-w-0">
            <AvailabilityBadge availability={expert.availability} />
          </dd>
        </div>
        <div className="flex min-w-0 gap-2">
          <dt className="sr-only">Credentials</dt>
          <dd className="min-w-0 break-words">{expert.credentials || 'No credentials listed'}</dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <Briefcase aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">Firm</span>
          </dt>
          <dd className="min-w-0 truncate">{expert.company || 'Independent'}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="sr-only">Hourly rate</dt>
          <dd className="font-medium text-slate-900">
            <HourlyRate rate={expert.hourlyRate} />
          </dd>
        </div>
      </dl>
      <div className="mt-auto grid grid-cols-2 gap-2 pt-1">
        <Link to={expertPath(expert.id)} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          View Profile<span className="sr-only">: {expert.name}</span>
        </Link>
        <Button size="sm" onClick={onEngage}>
          Engage on case<span className="sr-only">: {expert.name}</span>
        </Button>
      </div>
    </li>
  );
}
