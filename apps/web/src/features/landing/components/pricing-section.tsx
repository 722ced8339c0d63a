import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { PLANS, type Plan } from '../content';
import {
  anchorOffset,
  container,
  eyebrow,
  focusRing,
  primaryButton,
  sectionLead,
  sectionTitle,
} from '../styles';

const outlineButton = `inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-900 transition-colors hover:border-slate-400 hover:bg-slate-50 ${focusRing}`;

function PlanAction({ plan }: { plan: Plan }) {
  const className = `${plan.highlighted ? primaryButton : outlineButton} mt-8 w-full`;
  return plan.cta.kind === 'route' ? (
    <Link to={plan.cta.to} className={className}>
      {plan.cta.label}
    </Link>
  ) : (
    <a href={plan.cta.to} className={className}>
      {plan.cta.label}
    </a>
  );
}

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className={`${anchorOffset} bg-white py-20 sm:py-28`}
    >
      <div className={container}>
        <div className="mx-auto max-w-2xl text-center">
          <p className={eyebrow}>Pricing</p>
          <h2 id="pricing-title" className={sectionTitle}>
            Simple pricing for growing practices
          </h2>
          <p className={sectionLead}>Start with a free trial. Upgrade when Sentinel is running your cases.</p>
        </div>
        <ul className="mx-auto mt-16 grid max-w-5xl gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.name}
              className={`relative flex flex-col rounded-2xl bg-white p-8 ${
                plan.highlighted
                  ? 'border-2 border-blue-700 shadow-xl shadow-blue-900/10'
                  : 'border border-slate-200 shadow-sm'
              }`}
            >
              {plan.highlighted ? (
                <p className="absolute -top-3 left-8 rounded-full bg-blue-700 px-3 py-1 text-xs font-semibold text-white">
                  Most popular
                </p>
              ) : null}
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{plan.description}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>
                {plan.period ? (
                  <span className="text-sm font-medium text-slate-600">{plan.period}</span>
                ) : null}
              </p>
              <ul className="mt-8 flex-1 space-y-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-3 text-sm leading-6 text-slate-700">
                    <Check className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <PlanAction plan={plan} />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-slate-600">Prices in US dollars, billed monthly.</p>
      </div>
    </section>
  );
}
