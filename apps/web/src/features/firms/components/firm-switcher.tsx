import { USER_TYPE_LABELS } from '@sentinel/shared';
import { Building2, ChevronDown } from 'lucide-react';
import { ChoiceMenu } from '@/components/ui/menu';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session-store';
import { useSwitchFirm } from '../hooks/use-firm-actions';

/**
 * The top bar's firm switcher (issue 9), for people who work in more than one firm: the firm the
 * session acts in ('Firm: Morgan & Reyes'), and a menu of their firms with their type in each.
 * Choosing another asks the server for that firm's token, then goes to the home of that type.
 */
export function FirmSwitcher() {
  const session = useSession();
  const switchFirm = useSwitchFirm();
  if (!session || session.firms.length < 2) return null;
  const current = session.firm;
  const name = current?.name ?? 'No firm';

  return (
    <ChoiceMenu
      menuLabel="Switch firm"
      buttonLabel={`Firm: ${name}`}
      title={`Firm: ${name}`}
      busy={switchFirm.isPending}
      disabled={switchFirm.isPending}
      choices={session.firms.map((firm) => ({
        value: firm.id,
        label: firm.name,
        description: USER_TYPE_LABELS[firm.userType],
        checked: firm.id === current?.id,
      }))}
      onChoose={(firmId) => {
        if (firmId !== current?.id) switchFirm.mutate(firmId);
      }}
      className="flex min-w-0 shrink-[2]"
      buttonClassName="flex h-10 max-w-36 min-w-0 items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-70 sm:max-w-72"
    >
      {switchFirm.isPending ? (
        <Spinner className="size-4 shrink-0 text-brand-700" />
      ) : (
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-500 max-sm:hidden" />
      )}
      <span className="min-w-0 truncate">{name}</span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
    </ChoiceMenu>
  );
}
