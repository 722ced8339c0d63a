import { PROVIDER_LABELS, type Integration, type Provider } from '@sentinel/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, PenSquare } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { composeHref } from '../utils/format';

interface Composer {
  provider: Provider;
  href: string;
}

/**
 * Compose opens the provider's own compose window in a new tab (Sentinel sends no mail itself).
 * With two connected providers the button is a menu that asks which one.
 */
export function ComposeButton({ integrations }: { integrations: readonly Integration[] }) {
  const composers: Composer[] = integrations.flatMap((integration) =>
    integration.composeUrl
      ? [{ provider: integration.provider, href: composeHref(integration.provider, integration.composeUrl) }]
      : [],
  );
  const icon = <PenSquare aria-hidden="true" className="size-4" />;
  if (composers.length === 0) return null;
  if (composers.length === 1) {
    return (
      <a
        href={composers[0]!.href}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ size: 'sm' })}
      >
        {icon}
        Compose
      </a>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger type="button" className={buttonClasses({ size: 'sm' })}>
        {icon}
        Compose
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label="Compose with"
          align="end"
          sideOffset={8}
          collisionPadding={16}
          className="z-30 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {composers.map(({ provider, href }) => (
            <DropdownMenu.Item key={provider} asChild>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="block rounded-lg px-3 py-2.5 text-sm font-medium text-slate-900 outline-none data-[highlighted]:bg-brand-50"
              >
                Compose with {PROVIDER_LABELS[provider]}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
