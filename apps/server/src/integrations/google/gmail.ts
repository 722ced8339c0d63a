import { providerJson, urlWith, type ProviderFetchOptions } from '../http';
import { charsetOf, decodeBody, decodeMimeWords, parseAddressList } from '../mime';
import {
  CursorExpiredError,
  ProviderError,
  type AccessTokenSource,
  type GoogleEndpoints,
  type MailAdapter,
  type MailAttachmentRef,
  type ProviderMessage,
} from '../provider';
import { mapLimit } from '../map-limit';
import { bearer, withAccessToken } from '../tokens';

/** Gmail API v1 wire shapes (providers.md §2), only the fields read. */
export interface GmailHeader {
  name: string;
  value: string;
}
export interface GmailPart {
  partId?: string;
  mimeType?: string;
  filename?: string;
  headers?: GmailHeader[];
  body?: { attachmentId?: string; size?: number; data?: string };
  parts?: GmailPart[];
}
export interface GmailMessage {
  id: string;
  threadId?: string;
  labelIds?: string[];
  internalDate?: string;
  historyId?: string;
  payload?: GmailPart;
}
interface GmailList {
  messages?: { id: string; threadId?: string }[];
  nextPageToken?: string;
}
interface GmailHistoryMessage {
  id: string;
  labelIds?: string[];
}
interface GmailHistory {
  history?: {
    id?: string;
    messagesAdded?: { message: GmailHistoryMessage }[];
    messagesDeleted?: { message: GmailHistoryMessage }[];
    labelsAdded?: { message: GmailHistoryMessage; labelIds?: string[] }[];
    labelsRemoved?: { message: GmailHistoryMessage; labelIds?: string[] }[];
  }[];
  nextPageToken?: string;
  historyId?: string;
}

/** Messages fetched at once: Gmail allows 250 quota units per user per second, a get costs 5. */
const CONCURRENCY = 8;
const LIST_PAGE = 500;
const EMIT_PAGE = 50;
/** Label changes that alter what we show: inbox membership, read state, importance. */
const WATCHED_LABELS = new Set(['INBOX', 'UNREAD', 'IMPORTANT']);

function header(part: GmailPart | undefined, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return part?.headers?.find((item) => item.name.toLowerCase() === wanted)?.value;
}

function isAttachmentPart(part: GmailPart): boolean {
  return Boolean(part.filename) || /^\s*attachment/i.test(header(part, 'Content-Disposition') ?? '');
}

/** The HTML and plain-text bodies and the attachments of a message, walking the MIME tree. */
function walk(
  part: GmailPart,
  found: { html: string | null; text: string | null; attachments: MailAttachmentRef[] },
): void {
  const mimeType = (part.mimeType ?? '').toLowerCase();
  if (part.parts?.length) {
    for (const child of part.parts) walk(child, found);
    return;
  }
  if (isAttachmentPart(part)) {
    if (part.body?.attachmentId) {
      found.attachments.push({
        id: attachmentRefId(part.partId, part.body.attachmentId),
        name: decodeMimeWords(part.filename || 'attachment'),
        mimeType: mimeType || 'application/octet-stream',
        size: part.body.size ?? 0,
      });
    }
    return;
  }
  const data = part.body?.data;
  if (!data) return;
  const charset = charsetOf(header(part, 'Content-Type'));
  if (mimeType === 'text/html' && found.html === null) found.html = decodeBody(data, charset);
  else if (mimeType === 'text/plain' && found.text === null) found.text = decodeBody(data, charset);
}

/**
 * Gmail issues a new attachmentId each time a message is read, while the part id stays: our id
 * carries both, so attachment() finds the part's name and type again and still has an
 * attachmentId Gmail accepts.
 */
function attachmentRefId(partId: string | undefined, attachmentId: string): string {
  return partId ? `${partId}:${attachmentId}` : attachmentId;
}

function splitAttachmentRefId(id: string): { partId: string | null; attachmentId: string } {
  const colon = id.indexOf(':');
  return colon < 0
    ? { partId: null, attachmentId: id }
    : { partId: id.slice(0, colon), attachmentId: id.slice(colon + 1) };
}

/** A Gmail message (format=full) as a ProviderMessage. */
export function mapGmailMessage(message: GmailMessage): ProviderMessage {
  const labels = new Set(message.labelIds ?? []);
  const payload = message.payload ?? {};
  const found = {
    html: null as string | null,
    text: null as string | null,
    attachments: [] as MailAttachmentRef[],
  };
  walk(payload, found);
  const from = parseAddressList(header(payload, 'From'))[0];
  const internal = Number(message.internalDate);
  const dateHeader = Date.parse(header(payload, 'Date') ?? '');
  return {
    providerMessageId: message.id,
    threadId: message.threadId ?? null,
    fromName: from?.name ?? null,
    fromAddress: from?.address ?? '',
    to: parseAddressList(header(payload, 'To')).map((m) => m.address),
    cc: parseAddressList(header(payload, 'Cc')).map((m) => m.address),
    subject: decodeMimeWords(header(payload, 'Subject') ?? '').trim(),
    receivedAt: new Date(
      Number.isFinite(internal) && internal > 0 ? internal : Number.isNaN(dateHeader) ? 0 : dateHeader,
    ),
    unread: labels.has('UNREAD'),
    priority: labels.has('IMPORTANT') ? 'high' : 'normal',
    html: found.html,
    text: found.text,
    attachments: found.attachments,
    inInbox: labels.has('INBOX'),
  };
}

/** Gmail through the REST API (providers.md §2): list + get for the first sync, history after. */
export function gmailMail(endpoints: GoogleEndpoints, http: ProviderFetchOptions = {}): MailAdapter {
  const api = (path: string, query?: Parameters<typeof urlWith>[2]) =>
    urlWith(endpoints.gmail, `/users/me${path}`, query);

  const get = <T>(token: AccessTokenSource, url: URL) =>
    withAccessToken(token, (accessToken) => providerJson<T>(url, bearer(accessToken), http));

  /** The message, or null when it is gone (deleted between a list and a get). */
  async function fetchMessage(token: AccessTokenSource, id: string): Promise<GmailMessage | null> {
    try {
      return await get<GmailMessage>(token, api(`/messages/${encodeURIComponent(id)}`, { format: 'full' }));
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) return null;
      throw error;
    }
  }

  return {
    provider: 'google',

    async fullSync(token, { since, max, onPage }) {
      // The cursor is read first: whatever arrives while we list is then seen by the next sync.
      const profile = await get<{ historyId?: string }>(token, api('/profile'));
      if (!profile?.historyId)
        throw new ProviderError(200, 'no_history_id', 'Gmail gave no history id', false);
      const after = Math.floor(since.getTime() / 1000);
      let seen = 0;
      let pageToken: string | undefined;
      do {
        const list = await get<GmailList>(
          token,
          api('/messages', {
            labelIds: ['INBOX'],
            q: `after:${after}`,
            maxResults: Math.min(LIST_PAGE, max - seen),
            pageToken,
          }),
        );
        const ids = (list?.messages ?? []).slice(0, max - seen).map((item) => item.id);
        seen += ids.length;
        let reachedBack = false;
        // Handed over EMIT_PAGE at a time: a list page of 500 full bodies is not held at once.
        for (let start = 0; start < ids.length && !reachedBack; start += EMIT_PAGE) {
          const fetched = await mapLimit(ids.slice(start, start + EMIT_PAGE), CONCURRENCY, (id) =>
            fetchMessage(token, id),
          );
          const messages = fetched
            .filter((message): message is GmailMessage => message !== null)
            .map(mapGmailMessage)
            .filter((message) => message.inInbox && message.receivedAt >= since);
          await onPage({ messages, removed: [] });
          // The list is newest first: once it reaches back before `since`, the rest is older.
          reachedBack = fetched.some((message) => message && Number(message.internalDate) < since.getTime());
        }
        pageToken = reachedBack ? undefined : list?.nextPageToken;
      } while (pageToken && seen < max);
      return { cursor: profile.historyId };
    },

    async incrementalSync(token, { cursor, onPage }) {
      let pageToken: string | undefined;
      let next = cursor;
      do {
        let page: GmailHistory;
        try {
          page = await get<GmailHistory>(
            token,
            api('/history', {
              startHistoryId: cursor,
              historyTypes: ['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved'],
              maxResults: LIST_PAGE,
              pageToken,
            }),
          );
        } catch (error) {
          if (error instanceof ProviderError && error.status === 404) throw new CursorExpiredError();
          throw error;
        }
        const touched = new Set<string>();
        const deleted = new Set<string>();
        for (const record of page?.history ?? []) {
          for (const { message } of record.messagesAdded ?? []) {
            // Sent mail and drafts are added too; an added message without labels is looked at.
            if (!message.labelIds || message.labelIds.includes('INBOX')) touched.add(message.id);
          }
          for (const change of [...(record.labelsAdded ?? []), ...(record.labelsRemoved ?? [])]) {
            if ((change.labelIds ?? []).some((label) => WATCHED_LABELS.has(label)))
              touched.add(change.message.id);
          }
          for (const { message } of record.messagesDeleted ?? []) deleted.add(message.id);
        }
        for (const id of deleted) touched.delete(id);
        const ids = [...touched];
        const fetched = await mapLimit(ids, CONCURRENCY, (id) => fetchMessage(token, id));
        const messages: ProviderMessage[] = [];
        const removed = [...deleted];
        fetched.forEach((message, index) => {
          if (!message) removed.push(ids[index]!);
          else {
            const mapped = mapGmailMessage(message);
            if (mapped.inInbox) messages.push(mapped);
            else removed.push(mapped.providerMessageId);
          }
        });
        if (messages.length || removed.length) await onPage({ messages, removed });
        if (page?.historyId) next = page.historyId;
        pageToken = page?.nextPageToken;
      } while (pageToken);
      return { cursor: next };
    },

    async attachment(token, { providerMessageId, attachmentId }) {
      const { partId, attachmentId: gmailAttachmentId } = splitAttachmentRefId(attachmentId);
      const messageId = encodeURIComponent(providerMessageId);
      const message = await get<GmailMessage>(token, api(`/messages/${messageId}`, { format: 'full' }));
      const part = findPart(message?.payload, (p) =>
        partId ? p.partId === partId : p.body?.attachmentId === gmailAttachmentId,
      );
      const body = await get<{ data?: string }>(
        token,
        api(`/messages/${messageId}/attachments/${encodeURIComponent(gmailAttachmentId)}`),
      );
      return {
        data: Buffer.from(body?.data ?? '', 'base64url'),
        name: decodeMimeWords(part?.filename || 'attachment'),
        mimeType: part?.mimeType || 'application/octet-stream',
      };
    },
  };
}

function findPart(part: GmailPart | undefined, test: (part: GmailPart) => boolean): GmailPart | undefined {
  if (!part) return undefined;
  if (test(part)) return part;
  for (const child of part.parts ?? []) {
    const found = findPart(child, test);
    if (found) return found;
  }
  return undefined;
}
