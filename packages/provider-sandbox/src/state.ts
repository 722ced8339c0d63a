import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type {
  SandboxAccount,
  SandboxClient,
  SandboxOptions,
  SandboxProvider,
  SeedAttendee,
  SeedEvent,
  SeedMessage,
} from './types';

/**
 * The sandbox's memory: mailboxes, calendars, grants and tokens. Routes read and change it; every
 * change that must survive a restart goes through a journal entry (`ops`), replayed over the
 * regenerated seed at start, so seeded mail keeps its ids and history numbers.
 */

export interface StoredAttachment {
  id: string;
  name: string;
  mimeType: string;
  content: Buffer;
}

export interface StoredMessage {
  id: string;
  threadId: string;
  from: { name?: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  receivedAt: Date;
  unread: boolean;
  important: boolean;
  html?: string;
  text?: string;
  attachments: StoredAttachment[];
  folder: 'inbox' | 'sent';
  removed: boolean;
  /** Last mailbox sequence number that touched it (Gmail historyId, Graph delta). */
  seq: number;
  internetMessageId: string;
}

export interface StoredEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  location?: string;
  description?: string;
  attendees: SeedAttendee[];
  /** The zone the creator named (echoed back); UTC when none. */
  timeZone?: string;
  conferenceUrl?: string;
  created: Date;
  updated: Date;
  seq: number;
  deleted: boolean;
}

export interface HistoryRecord {
  id: number;
  type: 'messageAdded' | 'messageDeleted' | 'labelAdded' | 'labelRemoved';
  messageId: string;
  threadId: string;
  labelIds: string[];
}

export interface Mailbox {
  provider: SandboxProvider;
  email: string;
  name: string;
  messages: Map<string, StoredMessage>;
  events: Map<string, StoredEvent>;
  history: HistoryRecord[];
  seq: number;
  /** Gmail startHistoryIds below this answer 404. */
  historyFloor: number;
  /** Graph delta tokens and Calendar sync tokens from an older epoch answer 410. */
  epoch: number;
  counter: number;
}

export interface Grant {
  id: string;
  provider: SandboxProvider;
  clientId: string;
  email: string;
  scopes: string[];
  revoked: boolean;
  issuedAt: string;
}

export interface TokenRecord {
  kind: 'access' | 'refresh';
  grantId: string;
  /** Epoch ms; refresh tokens do not expire (0). */
  expiresAt: number;
}

export interface CodeRecord {
  provider: SandboxProvider;
  clientId: string;
  redirectUri: string;
  email: string;
  scopes: string[];
  challenge?: string;
  challengeMethod?: string;
  offline: boolean;
  forceConsent: boolean;
  nonce?: string;
  expiresAt: number;
  used: boolean;
  grantId?: string;
}

/** An authorize request waiting for the person's choice, kept server-side so its fields cannot be edited. */
export interface PendingAuth {
  provider: SandboxProvider;
  tenant: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  challenge?: string;
  challengeMethod?: string;
  offline: boolean;
  forceConsent: boolean;
  nonce?: string;
  loginHint?: string;
  email?: string;
  expiresAt: number;
}

type Op =
  | { op: 'addAccount'; provider: SandboxProvider; email: string; name: string }
  | {
      op: 'deliver';
      provider: SandboxProvider;
      email: string;
      message: SerializedMessage;
      folder: 'inbox' | 'sent';
    }
  | { op: 'setRead'; provider: SandboxProvider; email: string; id: string; read: boolean }
  | { op: 'remove'; provider: SandboxProvider; email: string; id: string }
  | { op: 'expireSync'; provider: SandboxProvider; email: string }
  | { op: 'putEvent'; provider: SandboxProvider; email: string; event: SerializedEvent }
  | { op: 'deleteEvent'; provider: SandboxProvider; email: string; id: string };

interface SerializedMessage extends Omit<SeedMessage, 'attachments' | 'receivedAt'> {
  id: string;
  receivedAt: string;
  attachments: { name: string; mimeType: string; base64: string }[];
}

interface SerializedEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  location?: string;
  description?: string;
  attendees: SeedAttendee[];
  timeZone?: string;
  conferenceUrl?: string;
}

interface Persisted {
  version: 1;
  ops: Op[];
  grants: Grant[];
  tokens: [string, TokenRecord][];
  lastGrantEmail: Partial<Record<SandboxProvider, string>>;
}

export class SandboxError extends Error {
  constructor(readonly kind: 'unknownAccount' | 'unknownMessage') {
    super(kind === 'unknownAccount' ? 'no such sandbox account' : 'no such message');
  }
}

const hash = (text: string) => createHash('sha256').update(text).digest();

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export class SandboxState {
  readonly mailboxes = new Map<string, Mailbox>();
  readonly grants = new Map<string, Grant>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly codes = new Map<string, CodeRecord>();
  readonly pending = new Map<string, PendingAuth>();
  readonly lastGrantEmail: Partial<Record<SandboxProvider, string>> = {};
  readonly clients: Record<SandboxProvider, SandboxClient[]>;
  readonly accessTokenSeconds: number;
  readonly now: () => Date;
  private ops: Op[] = [];
  private replaying = false;

  constructor(private readonly options: SandboxOptions) {
    this.clients = options.clients;
    this.accessTokenSeconds = options.accessTokenSeconds ?? 3599;
    this.now = options.now ?? (() => new Date());
    for (const provider of ['google', 'microsoft'] as const) {
      for (const account of options.seed?.[provider] ?? []) this.seedAccount(provider, account);
    }
    this.load();
  }

  // ---- accounts and mail ----

  private key(provider: SandboxProvider, email: string) {
    return `${provider}:${email.toLowerCase()}`;
  }

  mailbox(provider: SandboxProvider, email: string): Mailbox | undefined {
    return this.mailboxes.get(this.key(provider, email));
  }

  requireMailbox(provider: SandboxProvider, email: string): Mailbox {
    const box = this.mailbox(provider, email);
    if (!box) throw new SandboxError('unknownAccount');
    return box;
  }

  mailboxesOf(provider: SandboxProvider): Mailbox[] {
    return [...this.mailboxes.values()].filter((box) => box.provider === provider);
  }

  private seedAccount(provider: SandboxProvider, account: SandboxAccount) {
    const box = this.createMailbox(provider, account.email, account.name);
    for (const message of account.messages ?? []) this.insertMessage(box, message, 'inbox');
    for (const event of account.events ?? []) this.insertEvent(box, event);
    // Seeded content is the starting point, not history: sync cursors start after it.
    box.history = [];
    box.historyFloor = box.seq;
  }

  private createMailbox(provider: SandboxProvider, email: string, name: string): Mailbox {
    const existing = this.mailbox(provider, email);
    if (existing) return existing;
    const box: Mailbox = {
      provider,
      email,
      name,
      messages: new Map(),
      events: new Map(),
      history: [],
      seq: provider === 'google' ? 4000 + (hash(email).readUInt16BE(0) % 5000) : 1,
      historyFloor: 0,
      epoch: 1,
      counter: 0,
    };
    box.historyFloor = box.seq;
    this.mailboxes.set(this.key(provider, email), box);
    return box;
  }

  addAccount(provider: SandboxProvider, account: SandboxAccount) {
    if (account.messages?.length || account.events?.length) {
      // Content added at run time is seed-like; only the bare account is journaled.
      this.seedAccount(provider, account);
    } else {
      this.createMailbox(provider, account.email, account.name);
    }
    this.journal({ op: 'addAccount', provider, email: account.email, name: account.name });
  }

  private nextId(box: Mailbox, kind: 'm' | 'e' | 'a'): string {
    box.counter += 1;
    const digest = hash(`${box.provider}:${box.email.toLowerCase()}:${kind}:${box.counter}`);
    if (box.provider === 'google') {
      return kind === 'e'
        ? digest.toString('hex').slice(0, 26).replace(/[w-z]/g, 'v')
        : digest.toString('hex').slice(0, 16);
    }
    return `AAMkAG${digest.toString('base64url').slice(0, 40)}${kind === 'a' ? 'BEgAQA' : 'AAA'}=`;
  }

  private insertMessage(box: Mailbox, message: SeedMessage, folder: 'inbox' | 'sent'): StoredMessage {
    const id = message.id ?? this.nextId(box, 'm');
    box.seq += 1;
    const stored: StoredMessage = {
      id,
      threadId:
        message.threadId ??
        (box.provider === 'google'
          ? id
          : `AAQkAG${hash(`thread:${id}`).toString('base64url').slice(0, 30)}=`),
      from: message.from,
      to: message.to,
      cc: message.cc ?? [],
      subject: message.subject,
      receivedAt: new Date(message.receivedAt),
      unread: message.unread ?? folder === 'inbox',
      important: message.important ?? false,
      html: message.html,
      text: message.text,
      attachments: (message.attachments ?? []).map((attachment, index) => ({
        id:
          box.provider === 'google'
            ? `ANGjdJ${hash(`${id}:att:${index}`).toString('base64url')}${hash(`${id}:${index}`).toString('base64url')}`
            : `AAMkAG${hash(`${id}:att:${index}`).toString('base64url').slice(0, 40)}BEgAQA=`,
        name: attachment.name,
        mimeType: attachment.mimeType,
        content:
          typeof attachment.content === 'string' ? Buffer.from(attachment.content) : attachment.content,
      })),
      folder,
      removed: false,
      seq: box.seq,
      internetMessageId: `<${hash(`mid:${id}`).toString('hex').slice(0, 24)}@${message.from.address.split('@')[1] ?? 'sandbox.test'}>`,
    };
    box.messages.set(id, stored);
    return stored;
  }

  private insertEvent(box: Mailbox, event: SeedEvent & { timeZone?: string }): StoredEvent {
    const id = event.id ?? this.nextId(box, 'e');
    box.seq += 1;
    const now = this.now();
    const stored: StoredEvent = {
      id,
      title: event.title,
      start: new Date(event.start),
      end: new Date(event.end),
      allDay: event.allDay ?? false,
      location: event.location,
      description: event.description,
      attendees: event.attendees ?? [],
      timeZone: event.timeZone,
      conferenceUrl: event.conferenceUrl,
      created: now,
      updated: now,
      seq: box.seq,
      deleted: false,
    };
    box.events.set(id, stored);
    return stored;
  }

  labelsOf(message: StoredMessage): string[] {
    const labels: string[] = [];
    if (message.folder === 'inbox') labels.push('INBOX');
    if (message.folder === 'sent') labels.push('SENT');
    if (message.unread) labels.push('UNREAD');
    if (message.important) labels.push('IMPORTANT');
    if (message.folder === 'inbox') {
      labels.push(
        /news|noreply|no-reply|updates/i.test(message.from.address)
          ? 'CATEGORY_UPDATES'
          : 'CATEGORY_PERSONAL',
      );
    }
    return labels;
  }

  private record(box: Mailbox, message: StoredMessage, type: HistoryRecord['type'], labelIds: string[]) {
    box.history.push({ id: box.seq, type, messageId: message.id, threadId: message.threadId, labelIds });
  }

  deliver(
    provider: SandboxProvider,
    email: string,
    message: SeedMessage,
    folder: 'inbox' | 'sent' = 'inbox',
  ): { id: string } {
    const box = this.requireMailbox(provider, email);
    const stored = this.insertMessage(box, message, folder);
    this.record(box, stored, 'messageAdded', this.labelsOf(stored));
    this.journal({ op: 'deliver', provider, email, folder, message: serializeMessage(stored) });
    return { id: stored.id };
  }

  findMessage(box: Mailbox, id: string): StoredMessage | undefined {
    const message = box.messages.get(id);
    return message && !message.removed ? message : undefined;
  }

  setRead(provider: SandboxProvider, email: string, id: string, read: boolean) {
    const box = this.requireMailbox(provider, email);
    const message = this.findMessage(box, id);
    if (!message) throw new SandboxError('unknownMessage');
    if (message.unread === !read) return;
    message.unread = !read;
    box.seq += 1;
    message.seq = box.seq;
    this.record(box, message, read ? 'labelRemoved' : 'labelAdded', ['UNREAD']);
    this.journal({ op: 'setRead', provider, email, id, read });
  }

  remove(provider: SandboxProvider, email: string, id: string) {
    const box = this.requireMailbox(provider, email);
    const message = this.findMessage(box, id);
    if (!message) throw new SandboxError('unknownMessage');
    message.removed = true;
    box.seq += 1;
    message.seq = box.seq;
    this.record(box, message, 'messageDeleted', []);
    this.journal({ op: 'remove', provider, email, id });
  }

  expireSyncState(provider: SandboxProvider, email: string) {
    const box = this.requireMailbox(provider, email);
    box.seq += 1;
    box.historyFloor = box.seq;
    box.history = [];
    box.epoch += 1;
    this.journal({ op: 'expireSync', provider, email });
  }

  putEvent(box: Mailbox, event: SeedEvent & { id?: string; timeZone?: string }): StoredEvent {
    const existing = event.id ? box.events.get(event.id) : undefined;
    let stored: StoredEvent;
    if (existing) {
      box.seq += 1;
      Object.assign(existing, {
        title: event.title,
        start: new Date(event.start),
        end: new Date(event.end),
        allDay: event.allDay ?? false,
        location: event.location,
        description: event.description,
        attendees: event.attendees ?? [],
        timeZone: event.timeZone,
        conferenceUrl: event.conferenceUrl,
        updated: this.now(),
        seq: box.seq,
        deleted: false,
      });
      stored = existing;
    } else {
      stored = this.insertEvent(box, event);
    }
    this.journal({ op: 'putEvent', provider: box.provider, email: box.email, event: serializeEvent(stored) });
    return stored;
  }

  deleteEvent(box: Mailbox, id: string) {
    const event = box.events.get(id);
    if (!event || event.deleted) return;
    box.seq += 1;
    event.deleted = true;
    event.seq = box.seq;
    event.updated = this.now();
    this.journal({ op: 'deleteEvent', provider: box.provider, email: box.email, id });
  }

  // ---- grants and tokens ----

  createGrant(provider: SandboxProvider, clientId: string, email: string, scopes: string[]): Grant {
    const grant: Grant = {
      id: randomToken(12),
      provider,
      clientId,
      email,
      scopes,
      revoked: false,
      issuedAt: this.now().toISOString(),
    };
    this.grants.set(grant.id, grant);
    this.lastGrantEmail[provider] = email;
    return grant;
  }

  issueAccessToken(grant: Grant): { token: string; expiresIn: number } {
    const token =
      grant.provider === 'google'
        ? `ya29.a0${randomToken(90)}`
        : microsoftAccessToken(grant, this.now(), this.accessTokenSeconds);
    this.tokens.set(token, {
      kind: 'access',
      grantId: grant.id,
      expiresAt: this.now().getTime() + this.accessTokenSeconds * 1000,
    });
    return { token, expiresIn: this.accessTokenSeconds };
  }

  issueRefreshToken(grant: Grant): string {
    const token = grant.provider === 'google' ? `1//0${randomToken(72)}` : `0.AX${randomToken(180)}`;
    this.tokens.set(token, { kind: 'refresh', grantId: grant.id, expiresAt: 0 });
    return token;
  }

  /** The grant behind a live access token, or undefined (unknown, expired or revoked). */
  grantForAccessToken(provider: SandboxProvider, token: string): Grant | undefined {
    const record = this.tokens.get(token);
    if (!record || record.kind !== 'access' || record.expiresAt <= this.now().getTime()) return undefined;
    const grant = this.grants.get(record.grantId);
    if (!grant || grant.revoked || grant.provider !== provider) return undefined;
    return grant;
  }

  revokeGrants(provider: SandboxProvider, email: string) {
    for (const grant of this.grants.values()) {
      if (grant.provider === provider && grant.email.toLowerCase() === email.toLowerCase())
        grant.revoked = true;
    }
    this.save();
  }

  revokeGrant(grantId: string) {
    const grant = this.grants.get(grantId);
    if (grant) grant.revoked = true;
    this.save();
  }

  expireAccessTokens(provider: SandboxProvider, email: string) {
    for (const record of this.tokens.values()) {
      const grant = this.grants.get(record.grantId);
      if (
        record.kind === 'access' &&
        grant?.provider === provider &&
        grant.email.toLowerCase() === email.toLowerCase()
      ) {
        record.expiresAt = 0;
      }
    }
    this.save();
  }

  // ---- persistence ----

  private journal(op: Op) {
    if (this.replaying) return;
    this.ops.push(op);
    this.save();
  }

  save() {
    const file = this.options.stateFile;
    if (!file || this.replaying) return;
    const data: Persisted = {
      version: 1,
      ops: this.ops,
      grants: [...this.grants.values()],
      tokens: [...this.tokens.entries()],
      lastGrantEmail: this.lastGrantEmail,
    };
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(data));
    renameSync(temporary, file);
  }

  private load() {
    const file = this.options.stateFile;
    if (!file) return;
    let data: Persisted;
    try {
      data = JSON.parse(readFileSync(file, 'utf8')) as Persisted;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    this.replaying = true;
    try {
      for (const op of data.ops) this.replay(op);
    } finally {
      this.replaying = false;
    }
    this.ops = data.ops;
    for (const grant of data.grants) this.grants.set(grant.id, grant);
    for (const [token, record] of data.tokens) this.tokens.set(token, record);
    Object.assign(this.lastGrantEmail, data.lastGrantEmail);
  }

  private replay(op: Op) {
    // A journal written against another seed may name mail that no longer exists: skip it.
    try {
      switch (op.op) {
        case 'addAccount':
          this.createMailbox(op.provider, op.email, op.name);
          break;
        case 'deliver': {
          const { attachments, ...rest } = op.message;
          this.deliver(
            op.provider,
            op.email,
            {
              ...rest,
              attachments: attachments.map((a) => ({ ...a, content: Buffer.from(a.base64, 'base64') })),
            },
            op.folder,
          );
          break;
        }
        case 'setRead':
          this.setRead(op.provider, op.email, op.id, op.read);
          break;
        case 'remove':
          this.remove(op.provider, op.email, op.id);
          break;
        case 'expireSync':
          this.expireSyncState(op.provider, op.email);
          break;
        case 'putEvent':
          this.putEvent(this.requireMailbox(op.provider, op.email), op.event);
          break;
        case 'deleteEvent':
          this.deleteEvent(this.requireMailbox(op.provider, op.email), op.id);
          break;
      }
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
    }
  }
}

function serializeMessage(message: StoredMessage): SerializedMessage {
  return {
    id: message.id,
    threadId: message.threadId,
    from: message.from,
    to: message.to,
    cc: message.cc,
    subject: message.subject,
    receivedAt: message.receivedAt.toISOString(),
    unread: message.unread,
    important: message.important,
    html: message.html,
    text: message.text,
    attachments: message.attachments.map((a) => ({
      name: a.name,
      mimeType: a.mimeType,
      base64: a.content.toString('base64'),
    })),
  };
}

function serializeEvent(event: StoredEvent): SerializedEvent {
  return {
    id: event.id,
    title: event.title,
    start: event.start.toISOString(),
    end: event.end.toISOString(),
    allDay: event.allDay,
    location: event.location,
    description: event.description,
    attendees: event.attendees,
    timeZone: event.timeZone,
    conferenceUrl: event.conferenceUrl,
  };
}

/** Graph access tokens are JWTs; this one is unsigned but carries the claims an adapter might peek at. */
function microsoftAccessToken(grant: Grant, now: Date, seconds: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issuedAt = Math.floor(now.getTime() / 1000);
  return [
    encode({ typ: 'JWT', alg: 'none', nonce: randomToken(16) }),
    encode({
      aud: '00000003-0000-0000-c000-000000000000',
      iss: 'https://sts.windows.net/9188040d-6c67-4c5b-b112-36a304b66dad/',
      iat: issuedAt,
      nbf: issuedAt,
      exp: issuedAt + seconds,
      app_displayname: 'Sentinel (sandbox)',
      appid: grant.clientId,
      scp: grant.scopes.join(' '),
      upn: grant.email,
      unique_name: grant.email,
      jti: randomToken(12),
    }),
    randomToken(32),
  ].join('.');
}
