import { PageHeader } from '@/components/ui/page-header';
import { MyAvailability } from '@/features/experts/components/my-availability';
import { FirmsSettings } from '@/features/firms/components/firms-settings';
import { TeamSettings } from '@/features/firms/components/team-settings';
import { SettingsView, type SettingsTab } from '@/features/settings/components/settings-view';
import { useSession } from '@/lib/session-store';

const firmsTab: SettingsTab = { value: 'firms', label: 'Firms', content: <FirmsSettings /> };
const teamTab: SettingsTab = { value: 'team', label: 'Team', content: <TeamSettings /> };
const availabilityTab: SettingsTab = {
  value: 'availability',
  label: 'Availability',
  content: <MyAvailability />,
};

/**
 * /settings (?tab=profile|firms|team|availability|password|billing|integrations|calendar); Team is for
 * attorneys, Availability for expert witnesses (their entry in the firm's expert directory).
 */
export default function SettingsRoute() {
  const session = useSession();
  const extraTabs =
    session?.userType === 'attorney'
      ? [firmsTab, teamTab]
      : session?.userType === 'expert-witness'
        ? [firmsTab, availabilityTab]
        : [firmsTab];
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your profile, your firms, password and sign-in security, plan, connected accounts and calendar."
      />
      <SettingsView extraTabs={extraTabs} />
    </>
  );
}
