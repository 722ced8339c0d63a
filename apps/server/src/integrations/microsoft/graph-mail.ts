import { providerJson, urlWith, type ProviderFetchOptions } from '../http';
import {
  CursorExpiredError,
  ProviderError,
  type AccessTokenSource,
  type MailAdapter,
  type MailAttachmentRef,
  type MicrosoftEndpoints,
  type ProviderMessage,
} from '../provider';
import { mapLimit } from '../map-limit';
import { bearer, withAccessToken } from '../tokens';

/** Graph v1.0 wire shapes (providers.md §5), only the fields read. */
export interface GraphRecipient {
  emailAddress?: { name?: string | null; address?: string | null };
}
export interface GraphMessage {
  id: string;
  '@removed'?: { reason?: string };
  conversationId?: string | null;
  subject?: string | null;
  from?: GraphRecipient | null;
  sender?: GraphRecipient | null;
  toRecipients?: GraphRecipient[];
  ccRecipients?: GraphRecipient[];
  receivedDateTime?: string;
  isRead?: boolean;
  importance?: 'low' | 'normal' | 'high';
  hasAttachments?: boolean;
  body?: { contentType?: 'html' | 'text'; content?: string } | null;
}
export interface GraphAttachment {
  id: string;
  name?: string | null;
  contentType?: string | null;
  size?: number;
  isInline?: boolean;
  contentBytes?: string;
}
interface GraphPage<T> {
  value?: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

const SELECT = [
  'id',
  'conversationId',
  'subject',
  'from',
  'sender',
  'toRecipients',
  'ccRecipients',
  'receivedDateTime',
  'isRead',
  'importance',
  'hasAttachments',
  'body',
].join(',');

/** Bodies as HTML; 50 messages a page (the default is 10, and big pages of bodies risk a 504). */
const PREFER = 'odata.maxpagesize=50, outlook.body-content-type="html"';
const EMIT_PAGE = 50;
/** Outlook allows 4 concurrent requests per app and mailbox (providers.md §5.6). */
const CONCURRENCY = 4;

/** A Graph message (from the inbox delta) as a ProviderMessage; attachments are listed apart. */
export function mapGraphMessage(
  message: GraphMessage,
  attachments: MailAttachmentRef[] = [],
): ProviderMessage {
  const from = (message.from ?? message.sender)?.emailAddress;
  const addresses = (list: GraphRecipient[] | undefined) =>
    (list ?? []).map((r) => r.emailAddress?.address).filter((a): a is string => Boolean(a));
  const isHtml = (message.body?.contentType ?? 'html').toLowerCase() === 'html';
  const content = message.body?.content ?? null;
  return {
    providerMessageId: message.id,
    threadId: message.conversationId ?? null,
    fromName: from?.name?.trim() || null,
    fromAddress: from?.address ?? '',
    to: addresses(message.toRecipients),
    cc: addresses(message.ccRecipients),
    subject: (message.subject ?? '').trim(),
    receivedAt: new Date(message.receivedDateTime ?? 0),
    unread: message.isRead === false,
    priority: message.importance === 'high' ? 'high' : 'normal',
    html: isHtml ? content : null,
    text: isHtml ? null : content,
    attachments,
    inInbox: true,
  };
}

/** Attachments worth listing: files, not the inline images of the body. */
export function mapGraphAttachments(attachments: GraphAttachment[]): MailAttachmentRef[] {
  return attachments
    .filter((a) => !a.isInline)
    .map((a) => ({
      id: a.id,
      name: a.name || 'attachment',
      mimeType: a.contentType || 'application/octet-stream',
      size: a.size ?? 0,
    }));
}

function isCursorGone(error: unknown): boolean {
  return (
    error instanceof ProviderError &&
    (error.status === 410 || /^(syncStateNotFound|syncStateInvalid|resyncRequired)$/i.test(error.code))
  );
}

/** Outlook mail through Graph's inbox delta query (providers.md §5.3). */
export function graphMail(endpoints: MicrosoftEndpoints, http: ProviderFetchOptions = {}): MailAdapter {
  const origin = new URL(endpoints.graph).origin;

  /** Links the provider hands back carry our bearer token: they must point at Graph itself. */
  function ownLink(link: string): URL {
    const url = new URL(link);
    if (url.origin !== origin)
      throw new ProviderError(0, 'foreign_link', 'Graph sent a link to another host', false);
    return url;
  }

  const get = <T>(token: AccessTokenSource, url: URL) =>
    withAccessToken(token, (accessToken) =>
      providerJson<T>(url, bearer(accessToken, { prefer: PREFER }), http),
    );

  async function withAttachments(
    token: AccessTokenSource,
    messages: GraphMessage[],
  ): Promise<ProviderMessage[]> {
    return mapLimit(messages, CONCURRENCY, async (message) => {
      if (!message.hasAttachments) return mapGraphMessage(message);
      const page = await get<GraphPage<GraphAttachment>>(
        token,
        urlWith(endpoints.graph, `/me/messages/${encodeURIComponent(message.id)}/attachments`, {
          $select: 'id,name,contentType,size,isInline',
        }),
      );
      return mapGraphMessage(message, mapGraphAttachments(page?.value ?? []));
    });
  }

  /** Follows one delta round from `first` to its deltaLink, handing over each page's entries. */
  async function round(
    token: AccessTokenSource,
    first: URL,
    onEntries: (entries: GraphMessage[]) => Promise<void>,
  ): Promise<string> {
    let url: URL | null = first;
    while (url) {
      const page: GraphPage<GraphMessage> = await get<GraphPage<GraphMessage>>(token, url);
      await onEntries(page?.value ?? []);
      const deltaLink = page?.['@odata.deltaLink'];
      if (deltaLink) return ownLink(deltaLink).toString();
      const nextLink = page?.['@odata.nextLink'];
      if (!nextLink)
        throw new ProviderError(
          200,
          'no_delta_link',
          'Graph ended a delta round without a delta link',
          false,
        );
      url = ownLink(nextLink);
    }
    throw new ProviderError(200, 'no_delta_link', 'Graph ended a delta round without a delta link', false);
  }

  return {
    provider: 'microsoft',

    async fullSync(token, { since, max, onPage }) {
      const first = urlWith(endpoints.graph, '/me/mailFolders/inbox/messages/delta', {
        $select: SELECT,
        $filter: `receivedDateTime ge ${since.toISOString()}`,
      });
      // The delta round must be followed to its end to get a cursor, and it promises no order:
      // keep the newest `max` while reading, then hand them over newest first.
      let kept: GraphMessage[] = [];
      const cursor = await round(token, first, async (entries) => {
        const fresh = entries.filter((m) => !m['@removed'] && new Date(m.receivedDateTime ?? 0) >= since);
        if (!fresh.length) return;
        kept = [...kept, ...fresh]
          .sort((a, b) => Date.parse(b.receivedDateTime ?? '') - Date.parse(a.receivedDateTime ?? ''))
          .slice(0, max);
      });
      for (let start = 0; start < kept.length; start += EMIT_PAGE) {
        await onPage({
          messages: await withAttachments(token, kept.slice(start, start + EMIT_PAGE)),
          removed: [],
        });
      }
      return { cursor };
    },

    async incrementalSync(token, { cursor, onPage }) {
      let first: URL;
      try {
        first = ownLink(cursor);
      } catch {
        throw new CursorExpiredError();
      }
      try {
        const next = await round(token, first, async (entries) => {
          const removed = entries.filter((m) => m['@removed']).map((m) => m.id);
          const changed = entries.filter((m) => !m['@removed']);
          if (!removed.length && !changed.length) return;
          await onPage({ messages: await withAttachments(token, changed), removed });
        });
        return { cursor: next };
      } catch (error) {
        if (isCursorGone(error)) throw new CursorExpiredError();
        throw error;
      }
    },

    async attachment(token, { providerMessageId, attachmentId }) {
      const attachment = await get<GraphAttachment>(
        token,
        urlWith(
          endpoints.graph,
          `/me/messages/${encodeURIComponent(providerMessageId)}/attachments/${encodeURIComponent(attachmentId)}`,
        ),
      );
      if (typeof attachment?.contentBytes !== 'string') {
        // Item and reference attachments (an attached e-mail, a OneDrive link) carry no bytes.
        throw new ProviderError(200, 'unsupported_attachment', 'This attachment has no file content', false);
      }
      return {
        data: Buffer.from(attachment.contentBytes, 'base64'),
        name: attachment.name || 'attachment',
        mimeType: attachment.contentType || 'application/octet-stream',
      };
    },
  };
}
