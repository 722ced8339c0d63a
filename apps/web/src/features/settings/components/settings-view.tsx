import * as Tabs from '@radix-ui/react-tabs';
import { SectionTabsList } from '@/components/ui/section-tabs';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useConnectBanner } from '../hooks/use-connect-banner';
import { BillingSettings } from './billing-settings';
import { IntegrationsSettings } from './integrations-settings';
import { PasswordSettings } from './password-settings';
import { ProfileSettings } from './profile-settings';

const tabs = [
  { value: 'profile', label: 'Profile' },
  { value: 'password', label: 'Password' },
  { value: 'billing', label: 'Billing' },
  { value: 'integrations', label: 'Integrations' },
] as const;
type TabValue = (typeof tabs)[number]['value'];

const isTab = (value: string | null): value is TabValue => tabs.some((tab) => tab.value === value);

/** Settings tabs; the selected tab lives in ?tab= so it can be linked (?tab=integrations). */
export function SettingsView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const banner = useConnectBanner();
  const requested = searchParams.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'profile';

  const selectTab = (value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      {banner && (
        <Alert tone={banner.tone} className="text-base">
          {banner.text}
        </Alert>
      )}
      <Tabs.Root value={tab} onValueChange={selectTab}>
        <SectionTabsList label="Settings sections" tabs={tabs} />
        <Tabs.Content value="profile" className="pt-6">
          <ProfileSettings />
        </Tabs.Content>
        <Tabs.Content value="password" className="pt-6">
          <PasswordSettings />
        </Tabs.Content>
        <Tabs.Content value="billing" className="pt-6">
          <BillingSettings />
        </Tabs.Content>
        <Tabs.Content value="integrations" className="pt-6">
          <IntegrationsSettings />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
