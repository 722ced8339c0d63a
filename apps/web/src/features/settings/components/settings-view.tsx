import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SectionTabsList } from '@/components/ui/section-tabs';
import { Alert } from '@/components/ui/alert';
import { useConnectBanner } from '../hooks/use-connect-banner';
import { BillingSettings } from './billing-settings';
import { CalendarSettings } from './calendar-settings';
import { IntegrationsSettings } from './integrations-settings';
import { MessagingSettingsTab } from './messaging-settings';
import { PasswordSettings } from './password-settings';
import { ProfileSettings } from './profile-settings';
import { SecuritySettings } from './security-settings';

const ownTabs = [
  { value: 'profile', label: 'Profile' },
  { value: 'password', label: 'Password' },
  { value: 'security', label: 'Security' },
  { value: 'billing', label: 'Billing' },
  { value: 'integrations', label: 'Integrations' },
  { value: 'calendar', label: 'Calendar' },
  { value: 'messages', label: 'Messages' },
] as const;

/** A tab another feature adds (features do not import each other; the route module composes). */
export interface SettingsTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * Settings tabs; the selected tab lives in ?tab= so it can be linked (?tab=integrations).
 * `extraTabs` follow Profile (the firms' tabs).
 */
export function SettingsView({ extraTabs = [] }: { extraTabs?: readonly SettingsTab[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { banner, showBanner } = useConnectBanner();
  const [profile, ...rest] = ownTabs;
  const tabs = [profile, ...extraTabs.map(({ value, label }) => ({ value, label })), ...rest];
  const requested = searchParams.get('tab');
  const tab = tabs.some((t) => t.value === requested) && requested ? requested : 'profile';

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
        <Alert key={banner.text} tone={banner.tone} className="text-base">
          {banner.text}
        </Alert>
      )}
      <Tabs.Root value={tab} onValueChange={selectTab}>
        <SectionTabsList label="Settings sections" tabs={tabs} />
        <Tabs.Content value="profile" className="pt-6">
          <ProfileSettings />
        </Tabs.Content>
        {extraTabs.map(({ value, content }) => (
          <Tabs.Content key={value} value={value} className="pt-6">
            {content}
          </Tabs.Content>
        ))}
        <Tabs.Content value="password" className="pt-6">
          <PasswordSettings />
        </Tabs.Content>
        <Tabs.Content value="security" className="pt-6">
          <SecuritySettings />
        </Tabs.Content>
        <Tabs.Content value="billing" className="pt-6">
          <BillingSettings />
        </Tabs.Content>
        <Tabs.Content value="integrations" className="pt-6">
          <IntegrationsSettings onBanner={showBanner} />
        </Tabs.Content>
        <Tabs.Content value="calendar" className="pt-6">
          <CalendarSettings />
        </Tabs.Content>
        <Tabs.Content value="messages" className="pt-6">
          <MessagingSettingsTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
