import type { DatabaseHandle, DbOrTx } from '@sentinel/db';
import { LIVE_CLOSE_UNAUTHORISED } from '@sentinel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

/** The PostgreSQL channel every instance listens on. */
export const LIVE_CHANNEL = 'sentinel_live';
/** Recipients (or ended sessions) per NOTIFY: a payload stays well under PostgreSQL's 8,000 bytes. */
const IDS_PER_NOTIFY = 150;

/**
 * What happened, as one instance tells every instance (the NOTIFY payload): its kind, the id of
 * what it is about, the firm it belongs to (null: about the account itself) and whom it concerns.
 * Each instance turns it into the frames it sends to its own connections (a `LiveResolver`).
 */
export interface LiveEvent {
  kind: string;
  firmId: string | null;
  userIds: string[];
  /** What the resolver needs (ids, small values); never secrets or message text. */
  data: Record<string, string | number | null>;
}

/**
 * Publishes an event inside the caller's transaction: every instance receives it when the
 * transaction commits, and nothing is sent if it rolls back.
 */
export async function publishLive(db: DbOrTx, event: LiveEvent): Promise<void> {
  const userIds = [...new Set(event.userIds)];
  for (let at = 0; at < userIds.length; at += IDS_PER_NOTIFY) {
    await notify(db, { ...event, userIds: userIds.slice(at, at + IDS_PER_NOTIFY) });
  }
}

const notify = (db: DbOrTx, event: LiveEvent) =>
  db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);

/** The event that closes the connections of sessions that ended (logout, password change, removal). */
const SESSIONS_ENDED = 'sessions_ended';

/**
 * Closes, on every instance, the live connections of sessions that end in the caller's
 * transaction (4401, so the browser renews its token, which then fails and signs out).
 */
export async function endLiveSessions(db: DbOrTx, sessionIds: string[]): Promise<void> {
  for (let at = 0; at < sessionIds.length; at += IDS_PER_NOTIFY) {
    const ids = sessionIds.slice(at, at + IDS_PER_NOTIFY).join(',');
    await notify(db, { kind: SESSIONS_ENDED, firmId: null, userIds: [], data: { sessionIds: ids } });
  }
}

/** One connected browser: whom it belongs to and how to reach it. */
export interface LiveConnection {
  userId: string;
  sessionId: string;
  /** The firm the session acts in: it hears only events of that firm (and those of no firm). */
  firmId: string | null;
  send(frame: unknown): void;
  /** Closes it; the browser reconnects and catches up. */
  close(code: number): void;
}

/** Sent when this instance may have missed events (its listening connection came back): 1012 "restart". */
export const LIVE_CLOSE_CATCH_UP = 1012;

/**
 * Turns an event into the frame sent to each connection of the users it concerns; null sends
 * nothing. Runs once per event per instance, only when one of those users is connected here.
 */
export type LiveResolver = (event: LiveEvent) => Promise<unknown>;

/**
 * Live delivery across instances (ARCHITECTURE.md §5): a change publishes an event inside its
 * transaction (`publishLive`), so it leaves only if the change commits; every instance LISTENs
 * and hands it to the connections it holds. Works on PostgreSQL across instances and on the
 * embedded database in one process. Connections are what an instance holds for itself; nothing
 * another instance needs is kept here.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private readonly resolvers = new Map<string, LiveResolver>();
  private stopListening: (() => Promise<void>) | undefined;
  private delivered = 0;
  /** The sends of the events received so far, in the order they were notified. */
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Starts listening. When the listening connection comes back after a loss, what was notified
   * meanwhile is gone: every connection is closed so that its browser reconnects and catches up.
   */
  async start(): Promise<void> {
    this.stopListening ??= await this.database.listen(
      LIVE_CHANNEL,
      (payload) => void this.receive(payload),
      () => this.closeAll(LIVE_CLOSE_CATCH_UP),
    );
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }

  /** Which frame an event kind becomes (the feature that publishes it registers it). */
  resolve(kind: string, resolver: LiveResolver): void {
    this.resolvers.set(kind, resolver);
  }

  add(connection: LiveConnection): void {
    let set = this.byUser.get(connection.userId);
    if (!set) this.byUser.set(connection.userId, (set = new Set()));
    set.add(connection);
  }

  remove(connection: LiveConnection): void {
    const set = this.byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) this.byUser.delete(connection.userId);
  }

  /** Connections held and frames sent by this instance (for /metrics and the tests). */
  stats(): { connections: number; delivered: number } {
    let connections = 0;
    for (const set of this.byUser.values()) connections += set.size;
    return { connections, delivered: this.delivered };
  }

  /** Closes every connection this instance holds. */
  closeAll(code: number): void {
    for (const set of this.byUser.values()) for (const connection of set) connection.close(code);
  }

  private async receive(payload: string): Promise<void> {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    if (event.kind === SESSIONS_ENDED) {
      const ended = new Set(String(event.data.sessionIds ?? '').split(','));
      for (const set of this.byUser.values()) {
        for (const connection of set)
          if (ended.has(connection.sessionId)) connection.close(LIVE_CLOSE_UNAUTHORISED);
      }
      return;
    }
    const targets: LiveConnection[] = [];
    for (const userId of event.userIds ?? []) {
      for (const connection of this.byUser.get(userId) ?? []) {
        if (event.firmId === null || connection.firmId === event.firmId) targets.push(connection);
      }
    }
    if (targets.length === 0) return;
    const resolver = this.resolvers.get(event.kind);
    if (!resolver) return;
    // Resolvers run at once, but frames leave in the order the events were notified: a message
    // read slowly is not overtaken by the next one, nor its edit by its creation.
    const resolved = resolver(event).then(
      (frame) => ({ frame }),
      (err: unknown) => ({ err }),
    );
    this.sending = this.sending.then(async () => {
      const result = await resolved;
      if ('err' in result)
        return this.log.warn({ err: result.err, kind: event.kind }, 'live event not delivered');
      if (result.frame !== null && result.frame !== undefined)
        for (const connection of targets) this.sendTo(connection, result.frame);
    });
    await this.sending;
  }

  private sendTo(connection: LiveConnection, frame: unknown): void {
    try {
      connection.send(frame);
      this.delivered += 1;
    } catch (err) {
      this.log.debug({ err }, 'live frame not sent');
    }
  }
}
