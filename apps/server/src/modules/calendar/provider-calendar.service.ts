import type { Database } from '@sentinel/db';
import {
  MAX_CALENDAR_RANGE_DAYS,
  MESSAGES,
  NO_LOCATION,
  calendarUnavailable,
  type CalendarEvent,
  type CalendarEventsResponse,
  type GoogleEventBody,
  type MicrosoftEventBody,
  type Provider,
  CALENDAR_MESSAGES,
} from '@sentinel/shared';
import {
  GrantRevokedError,
  ProviderError,
  type CalendarMove,
  type ProviderAdapters,
  type ProviderCalendarEvent,
} from '../../integrations/provider';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Principal } from '../auth/principal';
import { connectionsRepository } from '../connections/connections.repository';
import type { ProviderTokens } from '../connections/provider-tokens';
import { sanitizeEmailHtml } from '../emails/sanitize';
import { readRange } from './times';

/** A provider event as the screen shows it: the description sanitised like an e-mail body. */
function shown(event: ProviderCalendarEvent): CalendarEvent {
  return {
    ...event,
    description: event.description ? sanitizeEmailHtml(event.description).html : '',
    location: event.location || NO_LOCATION,
    eventType: null,
    case: null,
    deadline: null,
  };
}

/**
 * The person's Google and Outlook calendars through their connections (issue 10's adapters):
 * read live for the range the screen shows, create with the spec's googleEvent/microsoftEvent,
 * move and delete. A provider that is not connected answers an empty list with its status, so
 * the screen shows the other calendars; one that fails answers 503 with the provider's name.
 */
export class ProviderCalendarService {
  constructor(
    private readonly db: Database,
    private readonly adapters: Record<Provider, ProviderAdapters | null>,
    private readonly tokens: ProviderTokens,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(
    principal: Principal,
    provider: Provider,
    query: { userId?: string; start?: string; end?: string },
  ): Promise<CalendarEventsResponse> {
    const range = readRange(query.start, query.end, this.clock(), MAX_CALENDAR_RANGE_DAYS);
    const empty = (status: CalendarEventsResponse['status']): CalendarEventsResponse => ({
      data: [],
      source: provider,
      status,
    });
    if (query.userId && query.userId !== principal.userId) return empty('ok');
    const adapter = this.adapters[provider];
    if (!adapter) return empty('not_configured');
    const connection = await connectionsRepository.find(this.db, principal.userId, provider);
    if (!connection) return empty('not_connected');
    if (connection.status === 'needs_reconnect') return empty('needs_reconnect');
    try {
      const events = await adapter.calendar.list(this.tokens.source(connection.id), range);
      return { data: events.map(shown), source: provider, status: 'ok' };
    } catch (error) {
      if (error instanceof GrantRevokedError) return empty('needs_reconnect');
      throw this.failure(provider, error);
    }
  }

  async create(principal: Principal, provider: Provider, body: GoogleEventBody | MicrosoftEventBody) {
    const { adapter, source } = await this.connected(principal, provider);
    try {
      return shown(await adapter.calendar.create(source, body));
    } catch (error) {
      throw this.failure(provider, error);
    }
  }

  /**
   * `ifMatch`: the If-Match the person sent (the event's `etag`), passed to the provider; changed
   * there since, the provider's 412 answers 409 as for Sentinel's events (without the current
   * event: the screen reloads the calendar).
   */
  async move(
    principal: Principal,
    provider: Provider,
    eventId: string,
    move: CalendarMove,
    ifMatch?: string,
  ) {
    const { adapter, source } = await this.connected(principal, provider);
    try {
      return shown(await adapter.calendar.update(source, eventId, move, ifMatch));
    } catch (error) {
      throw this.failure(provider, error, CALENDAR_MESSAGES.eventChangedElsewhere);
    }
  }

  async remove(
    principal: Principal,
    provider: Provider,
    eventId: string,
    ifMatch?: string,
  ): Promise<{ id: string; deleted: true }> {
    const { adapter, source } = await this.connected(principal, provider);
    try {
      await adapter.calendar.delete(source, eventId, ifMatch);
      return { id: eventId, deleted: true };
    } catch (error) {
      throw this.failure(provider, error, CALENDAR_MESSAGES.eventChangedBeforeDelete);
    }
  }

  private async connected(principal: Principal, provider: Provider) {
    const adapter = this.adapters[provider];
    const connection = adapter
      ? await connectionsRepository.find(this.db, principal.userId, provider)
      : undefined;
    if (!adapter || !connection || connection.status !== 'connected')
      throw badRequest(MESSAGES.providerNotConnected);
    return { adapter, source: this.tokens.source(connection.id) };
  }

  /** What the route answers when the provider refused or failed. */
  private failure(provider: Provider, error: unknown, changedMessage?: string): Error {
    if (error instanceof AppError) return error;
    if (error instanceof GrantRevokedError) return badRequest(MESSAGES.providerNotConnected);
    if (error instanceof ProviderError && !error.transient) {
      if (error.status === 412 && changedMessage)
        return new AppError('CONFLICT', changedMessage, { current: null });
      if (error.status === 404 || error.status === 410) return notFound(CALENDAR_MESSAGES.eventNotFound);
      if (error.status === 400) return badRequest(error.description || CALENDAR_MESSAGES.eventSaveFailed);
    }
    return new AppError('UNAVAILABLE', calendarUnavailable(provider));
  }
}
