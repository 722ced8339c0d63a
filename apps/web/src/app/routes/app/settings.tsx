import { PageHeader } from '@/components/ui/page-header';
import { FirmsSettings } from '@/features/firms/components/firms-settings';
import { TeamSettings } from '@/features/firms/components/team-settings';
import { SettingsView, type SettingsTab } from '@/features/settings/components/settings-view';
import { useSession } from '@/lib/session-store';

const firmsTab: SettingsTab = { value: 'firms', label: 'Firms', content: <FirmsSettings /> };
const teamTab: SettingsTab = { value: 'team', label: 'Team', content: <TeamSettings /> };

/** /settings (?tab=profile|firms|team|password|billing|integrations|calendar); Team is for attorneys. */
export default function SettingsRoute() {
  const session = useSession();
  const extraTabs = session?.userType === 'attorney' ? [firmsTab, teamTab] : [firmsTab];
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your profile, your firms, password, plan, connected accounts and calendar."
      />
      <SettingsView extraTabs={extraTabs} />
    </>
  );
}
