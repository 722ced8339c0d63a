import { CreditCard } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';

/**
 * Billing tab: the plan (spec §2's static text) and the truth about it: firms are on the free
 * trial and nothing is billed. No trial end date is stored yet, so none is shown.
 */
export function BillingSettings() {
  return (
    <Card title="Billing" description="Your subscription.">
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <CreditCard aria-hidden="true" className="size-5" />
        </span>
        <div className="space-y-1">
          <p className="text-sm text-slate-600">Current plan</p>
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-base font-semibold text-slate-900">Pro Plan ($500/month)</p>
            <Badge tone="accent">Free trial</Badge>
          </div>
          <p className="max-w-prose text-sm text-slate-700">
            Your firm is on the free trial: every feature of the Pro Plan, and nothing is billed. No payment
            method is on file.
          </p>
        </div>
      </div>
    </Card>
  );
}
