import * as Tabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
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
        <Tabs.List
          aria-label="Settings sections"
          className="-mx-4 flex overflow-x-auto border-b border-slate-200 px-4 md:mx-0 md:px-0"
        >
          {tabs.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={clsx(
                '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-4',
                'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                'data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
              )}
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
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
