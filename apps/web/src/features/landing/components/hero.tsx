import { ArrowRight, CircleCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { container, focusRingOnDark, secondaryButtonOnDark } from '../styles';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-slate-950 bg-[radial-gradient(ellipse_at_top_right,_#1e3a8a_0%,_#0f172a_55%,_#020617_100%)]"
    >
      <HeroGrid />
      <div className={`${container} grid items-center gap-12 py-20 sm:py-24 lg:grid-cols-2 lg:py-28`}>
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-300/30 bg-blue-400/10 px-3 py-1 text-sm font-medium text-blue-100">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            The claims operating system
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl"
          >
            Every <span className="whitespace-nowrap">property-damage</span> claim, from first loss to final
            payment.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-300">
            Sentinel brings attorneys, restoration contractors, public adjusters, expert witnesses and
            property owners into one secure workspace, with AI case valuation, shared documents and automated
            workflows that keep insurance disputes moving.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Link
              to="/signup"
              className={`inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 text-sm font-semibold text-blue-900 shadow-sm transition-colors hover:bg-blue-50 ${focusRingOnDark}`}
            >
              Start your free trial
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
            <a href="#features" className={`${secondaryButtonOnDark} py-3`}>
              Explore features
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-300">
            {['Free trial', 'Set up in minutes', 'Built for insurance disputes'].map((item) => (
              <li key={item} className="inline-flex items-center gap-2">
                <CircleCheck className="h-4 w-4 text-blue-300" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <CasePreview />
      </div>
    </section>
  );
}

/** Faint grid behind the hero, drawn in SVG so nothing is downloaded. */
function HeroGrid() {
  return (
    <svg
      className="pointer-events-none absolute inset-0 -z-10 h-full w-full stroke-white/5"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <pattern id="landing-hero-grid" width="48" height="48" patternUnits="userSpaceOnUse">
          <path d="M48 0H0v48" fill="none" />
        </pattern>
      </defs>
      <rect width="100%" height="100%" strokeWidth="0" fill="url(#landing-hero-grid)" />
    </svg>
  );
}

/**
 * An illustrative case card built from markup (no screenshot image): it keeps the
 * hero light for LCP and stays sharp at any size. Decorative, so hidden from assistive tech.
 */
function CasePreview() {
  const checklist = [
    { label: 'Policy and declarations page', done: true },
    { label: 'Contractor estimate', done: true },
    { label: 'Engineer report', done: false },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="rounded-2xl border border-white/10 bg-white p-6 shadow-2xl shadow-blue-950/50 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">Case 2025-0142</p>
            <p className="mt-1 text-lg font-semibold text-slate-900">Hernandez v. Coastal Mutual</p>
            <p className="text-sm text-slate-600">Water damage, commercial property</p>
          </div>
          <span className="shrink-0 whitespace-nowrap rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800">
            In negotiation
          </span>
        </div>

        <div className="mt-6 rounded-xl bg-blue-50 p-4">
          <p className="text-xs font-semibold uppercase tracking-wider text-blue-800">AI valuation</p>
          <p className="mt-1 text-2xl font-bold text-slate-900">$184,500 – $212,000</p>
          <div className="mt-3 h-2 rounded-full bg-blue-100">
            <div className="h-2 w-3/4 rounded-full bg-blue-700" />
          </div>
          <p className="mt-2 text-xs text-slate-700">Current offer at 74% of target</p>
        </div>

        <ul className="mt-6 space-y-3">
          {checklist.map((item) => (
            <li key={item.label} className="flex items-center gap-3 text-sm text-slate-700">
              <span
                className={`inline-flex h-5 w-5 items-center justify-center rounded-full ${
                  item.done ? 'bg-blue-700 text-white' : 'border-2 border-slate-300'
                }`}
              >
                {item.done ? (
                  <svg viewBox="0 0 12 12" className="h-3 w-3" fill="none">
                    <path
                      d="m2.5 6.2 2.2 2.2 4.8-4.9"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                ) : null}
              </span>
              {item.label}
            </li>
          ))}
        </ul>

        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <div className="flex -space-x-1.5">
            {[
              ['AT', 'bg-blue-700'],
              ['RC', 'bg-slate-700'],
              ['PA', 'bg-indigo-700'],
              ['EW', 'bg-teal-700'],
            ].map(([initials, colour]) => (
              <span
                key={initials}
                className={`inline-flex h-9 w-9 items-center justify-center rounded-full text-xs font-semibold text-white ring-2 ring-white ${colour}`}
              >
                {initials}
              </span>
            ))}
          </div>
          <p className="text-xs text-slate-600">4 collaborators · updated 5 min ago</p>
        </div>
      </div>
    </div>
  );
}
