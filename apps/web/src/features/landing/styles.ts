/** Shared Tailwind class strings for the landing page. */

/** Visible keyboard focus on light backgrounds. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** Visible keyboard focus on the navy backgrounds. */
export const focusRingOnDark =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** Page-width container. */
export const container = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';

/** Anchored sections stay clear of the fixed header. */
export const anchorOffset = 'scroll-mt-20';

/** Primary button look without a display value, for callers that toggle display per breakpoint. */
export const primaryButtonLook = `items-center justify-center gap-2 rounded-lg bg-blue-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-blue-800 ${focusRing}`;

export const primaryButton = `inline-flex ${primaryButtonLook}`;

export const secondaryButtonOnDark = `inline-flex items-center justify-center gap-2 rounded-lg border border-white/30 px-5 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-white/10 ${focusRingOnDark}`;

export const eyebrow = 'text-sm font-semibold uppercase tracking-wider text-blue-700';

export const sectionTitle = 'mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl';

export const sectionLead = 'mt-4 text-lg leading-8 text-slate-600';
