import { CALENDAR_MESSAGES } from '@sentinel/shared';
import { badRequest } from '../../platform/errors';

/**
 * Optimistic concurrency for Sentinel events (reference row 46). An event's version is its
 * `sequence` (bumped by every change, also iCalendar's SEQUENCE), written as a strong HTTP entity
 * tag; PATCH and DELETE compare `If-Match` with it under the row lock.
 */
export const eventEtag = (sequence: number) => `"${sequence}"`;

/** What `If-Match` asks: any current version (`*`), or one of these entity tags. */
export type IfMatch = '*' | string[];

const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/**
 * The `If-Match` header (RFC 9110 §13.1.1): absent → undefined (the documented merge applies);
 * `*`; or a comma-separated list of entity tags. Anything else is 400.
 */
export function readIfMatch(header: string | string[] | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return '*';
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  if (tags.length === 0 || tags.length > 20 || !tags.every((tag) => ENTITY_TAG.test(tag)))
    throw badRequest(CALENDAR_MESSAGES.eventIfMatchInvalid);
  return tags;
}

/** The strong comparison If-Match requires: a weak tag (W/"3") never matches. */
export const ifMatchHolds = (ifMatch: IfMatch, sequence: number) =>
  ifMatch === '*' || ifMatch.includes(eventEtag(sequence));
