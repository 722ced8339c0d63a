import { PageHeader } from '@/components/ui/page-header';
import { SettingsView } from '@/features/settings/components/settings-view';

/** /settings (?tab=profile|password|billing|integrations). */
export default function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Your profile, password, plan and connected accounts." />
      <SettingsView />
    </>
  );
}
