import { CreditCard } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** Billing tab: the plan as static text (spec §2). */
export function BillingSettings() {
  return (
    <Card title="Billing" description="Your subscription.">
      <div className="flex items-center gap-4">
        <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <CreditCard aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="text-sm text-slate-600">Current plan</p>
          <p className="text-base font-semibold text-slate-900">Pro Plan ($500/month)</p>
        </div>
      </div>
    </Card>
  );
}
