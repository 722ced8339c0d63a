/**
 * The lead API pulls in zod (through '@sentinel/shared'). The landing page loads it on demand
 * (when the visitor reaches for the form, or submits it) so it stays off the page's first paint.
 * This module must not import '@sentinel/shared' itself.
 */

import type * as LeadApiModule from './create-lead';

/** Same text as MESSAGES.signupNetworkError (checked by a test); shown when the chunk cannot load. */
export const LEAD_NETWORK_ERROR = 'Network error. Please try again.';

export type LeadApi = typeof LeadApiModule;

let pending: Promise<LeadApi> | undefined;

export function loadLeadApi(): Promise<LeadApi> {
  pending ??= import('./create-lead').catch((error: unknown) => {
    pending = undefined; // let a later attempt retry
    throw error;
  });
  return pending;
}

/** Warm the chunk without caring about the outcome. */
export function prefetchLeadApi(): void {
  loadLeadApi().catch(() => {});
}
