import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasScope, microsoftUserId } from './oauth';
import type { Mailbox, SandboxState, StoredMessage } from './state';
import {
  bearer,
  decodeCursor,
  encodeCursor,
  graphError,
  graphTime,
  one,
  origin,
  plainText,
  sendJson,
} from './wire';

/** Microsoft Graph v1.0 mail under /microsoft/graph/v1.0. */

export const GRAPH = '/microsoft/graph/v1.0';
const MAIL_SCOPES = ['Mail.Read', 'Mail.ReadWrite', 'Mail.ReadBasic'];

/** The token's mailbox, or undefined after answering 401/403 the way Graph does. */
export function graphAuth(
  state: SandboxState,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: string[],
): Mailbox | undefined {
  const token = bearer(request);
  const now = state.now();
  if (!token) {
    void sendJson(reply, 401, graphError('InvalidAuthenticationToken', 'Access token is empty.', now));
    return undefined;
  }
  const record = state.tokens.get(token);
  const grant = state.grantForAccessToken('microsoft', token);
  if (!grant) {
    const message =
      record && record.kind === 'access' && record.expiresAt <= now.getTime()
        ? 'Lifetime validation failed, the token is expired.'
        : record
          ? 'Access token has expired or is not yet valid.'
          : 'IDX14100: JWT is not well formed, there are no dots (.).\nThe token needs to be in JWS or JWE Compact Serialization Format.';
    void sendJson(
      reply.header(
        'www-authenticate',
        'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize"',
      ),
      401,
      graphError('InvalidAuthenticationToken', message, now),
    );
    return undefined;
  }
  if (scopes.length && !hasScope(grant, ...scopes)) {
    void sendJson(
      reply,
      403,
      graphError('ErrorAccessDenied', 'Access is denied. Check credentials and try again.', now),
    );
    return undefined;
  }
  const box = state.mailbox('microsoft', grant.email);
  if (!box) {
    void sendJson(
      reply,
      404,
      graphError('ErrorItemNotFound', 'The specified object was not found in the store.', now),
    );
    return undefined;
  }
  return box;
}

const folderId = (box: Mailbox, folder: 'inbox' | 'sent') =>
  `AAMkAG${createHash('sha256').update(`${box.email}:${folder}`).digest('base64url').slice(0, 40)}AAA=`;

const recipient = (address: string, name?: string) => ({ emailAddress: { name: name ?? address, address } });

function changeKey(message: StoredMessage) {
  return `CQAAABYAAA${createHash('sha256').update(`${message.id}:${message.seq}`).digest('base64url').slice(0, 22)}`;
}

export function graphMessage(box: Mailbox, message: StoredMessage, base: string): Record<string, unknown> {
  const time = graphTime(message.receivedAt);
  return {
    '@odata.etag': `W/"${changeKey(message)}"`,
    id: message.id,
    createdDateTime: time,
    lastModifiedDateTime: time,
    changeKey: changeKey(message),
    categories: [],
    receivedDateTime: time,
    sentDateTime: time,
    hasAttachments: message.attachments.length > 0,
    internetMessageId: message.internetMessageId,
    subject: message.subject,
    bodyPreview: plainText(message).slice(0, 255),
    importance: message.important ? 'high' : 'normal',
    parentFolderId: folderId(box, message.folder),
    conversationId: message.threadId,
    conversationIndex: Buffer.from(message.threadId).toString('base64').slice(0, 30),
    isDeliveryReceiptRequested: false,
    isReadReceiptRequested: false,
    isRead: !message.unread,
    isDraft: false,
    webLink: `${base}/owa/?ItemID=${encodeURIComponent(message.id)}&exvsurl=1&viewmodel=ReadMessageItem`,
    inferenceClassification: 'focused',
    body:
      message.html !== undefined
        ? { contentType: 'html', content: message.html }
        : { contentType: 'text', content: message.text ?? '' },
    sender: recipient(message.from.address, message.from.name),
    from: recipient(message.from.address, message.from.name),
    toRecipients: message.to.map((address) => recipient(address)),
    ccRecipients: message.cc.map((address) => recipient(address)),
    bccRecipients: [],
    replyTo: [],
    flag: { flagStatus: 'notFlagged' },
  };
}

function select(resource: Record<string, unknown>, fields: string[] | undefined) {
  if (!fields?.length) return resource;
  const picked: Record<string, unknown> = { '@odata.etag': resource['@odata.etag'], id: resource.id };
  for (const field of fields) if (field in resource) picked[field] = resource[field];
  return picked;
}

function attachmentJson(
  attachment: StoredMessage['attachments'][number],
  message: StoredMessage,
  withContent: boolean,
) {
  return {
    '@odata.type': '#microsoft.graph.fileAttachment',
    '@odata.mediaContentType': attachment.mimeType,
    id: attachment.id,
    lastModifiedDateTime: graphTime(message.receivedAt),
    name: attachment.name,
    contentType: attachment.mimeType,
    size: attachment.content.length,
    isInline: false,
    contentId: null,
    contentLocation: null,
    ...(withContent ? { contentBytes: attachment.content.toString('base64') } : {}),
  };
}

interface Clause {
  field: string;
  op: string;
  value: string | boolean;
}

/** `$filter`: conjunctions of `field op value` on receivedDateTime, isRead, importance, hasAttachments. */
export function parseFilter(filter: string | undefined): Clause[] | undefined {
  if (!filter?.trim()) return [];
  const clauses: Clause[] = [];
  for (const part of filter.split(/\s+and\s+/i)) {
    const match = /^\s*\(?\s*(\w+)\s+(eq|ne|ge|gt|le|lt)\s+('?)([^']*?)\3\s*\)?\s*$/i.exec(part);
    if (!match) return undefined;
    const [, field = '', op = '', quote, raw = ''] = match;
    const value = !quote && (raw === 'true' || raw === 'false') ? raw === 'true' : raw;
    if (!['receivedDateTime', 'sentDateTime', 'isRead', 'importance', 'hasAttachments'].includes(field))
      return undefined;
    clauses.push({ field, op: op.toLowerCase(), value });
  }
  return clauses;
}

function matchesFilter(message: StoredMessage, clauses: Clause[]): boolean {
  return clauses.every(({ field, op, value }) => {
    let left: number | string | boolean;
    let right: number | string | boolean = value;
    if (field === 'receivedDateTime' || field === 'sentDateTime') {
      left = message.receivedAt.getTime();
      right = new Date(String(value)).getTime();
    } else if (field === 'isRead') left = !message.unread;
    else if (field === 'hasAttachments') left = message.attachments.length > 0;
    else left = message.important ? 'high' : 'normal';
    switch (op) {
      case 'eq':
        return left === right;
      case 'ne':
        return left !== right;
      case 'ge':
        return left >= right;
      case 'gt':
        return left > right;
      case 'le':
        return left <= right;
      default:
        return left < right;
    }
  });
}

const pageSizeFrom = (request: FastifyRequest) => {
  const prefer = String(request.headers.prefer ?? '');
  const match = /odata\.maxpagesize\s*=\s*(\d+)/i.exec(prefer);
  return match ? Number(match[1]) : undefined;
};

interface DeltaCursor {
  /** epoch of the mailbox when the round began */
  e: number;
  /** changes after this sequence number; null on the initial round */
  s: number | null;
  /** changes up to this sequence number (the round's snapshot) */
  u: number;
  o: number;
  sel?: string[];
  f?: string;
  p: number;
}

export function registerGraphMail(app: FastifyInstance, state: SandboxState, mount: string) {
  const graphBase = (request: FastifyRequest) => `${origin(request)}${mount}${GRAPH}`;
  const badRequest = (reply: FastifyReply, message: string) =>
    sendJson(reply, 400, graphError('BadRequest', message, state.now()));

  app.get(`${GRAPH}/me`, async (request, reply) => {
    const box = graphAuth(state, request, reply, ['User.Read', 'User.ReadBasic.All', 'User.Read.All']);
    if (!box) return reply;
    const [given = box.name, ...rest] = box.name.split(/\s+/);
    return sendJson(reply, 200, {
      '@odata.context': `${graphBase(request)}/$metadata#users/$entity`,
      businessPhones: [],
      displayName: box.name,
      givenName: given,
      jobTitle: null,
      mail: box.email,
      mobilePhone: null,
      officeLocation: null,
      preferredLanguage: 'en-US',
      surname: rest.join(' ') || null,
      userPrincipalName: box.email,
      id: microsoftUserId(box.email),
    });
  });

  function listMessages(folder: 'all' | 'inbox' | 'sent') {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const box = graphAuth(state, request, reply, MAIL_SCOPES);
      if (!box) return reply;
      const query = request.query as Record<string, unknown>;
      const top = Number(one(query.$top) ?? 10);
      if (!Number.isInteger(top) || top < 1 || top > 1000)
        return badRequest(reply, "Invalid value for '$top'.");
      const skip = Number(one(query.$skip) ?? 0);
      if (!Number.isInteger(skip) || skip < 0) return badRequest(reply, "Invalid value for '$skip'.");
      const clauses = parseFilter(one(query.$filter));
      if (!clauses) return badRequest(reply, 'Invalid filter clause');
      const search = one(query.$search)?.replace(/^"|"$/g, '').toLowerCase();
      const orderBy = (one(query.$orderby) ?? 'receivedDateTime desc').trim();
      const ascending = /\basc$/i.test(orderBy) || !/\s/.test(orderBy);
      const fields = one(query.$select)
        ?.split(',')
        .map((field) => field.trim())
        .filter(Boolean);
      const matched = [...box.messages.values()]
        .filter((message) => !message.removed && (folder === 'all' || message.folder === folder))
        .filter((message) => matchesFilter(message, clauses))
        .filter(
          (message) =>
            !search ||
            `${message.subject} ${message.from.name ?? ''} ${message.from.address} ${plainText(message)}`
              .toLowerCase()
              .includes(search),
        )
        .sort(
          (a, b) =>
            (ascending ? 1 : -1) * (a.receivedAt.getTime() - b.receivedAt.getTime()) ||
            (a.id < b.id ? -1 : 1),
        );
      const slice = matched.slice(skip, skip + top);
      const base = graphBase(request);
      let nextLink: string | undefined;
      if (skip + top < matched.length) {
        const url = new URL(
          `${base}${request.url.slice(request.url.indexOf(GRAPH) + GRAPH.length).split('?')[0]}`,
        );
        for (const [key, value] of Object.entries(query))
          if (key !== '$skip') url.searchParams.set(key, String(one(value)));
        url.searchParams.set('$top', String(top));
        url.searchParams.set('$skip', String(skip + top));
        nextLink = url.toString();
      }
      return sendJson(reply, 200, {
        '@odata.context': `${base}/$metadata#users('${microsoftUserId(box.email)}')/messages${fields ? `(${fields.join(',')})` : ''}`,
        value: slice.map((message) => select(graphMessage(box, message, base), fields)),
        ...(nextLink ? { '@odata.nextLink': nextLink } : {}),
      });
    };
  }

  app.get(`${GRAPH}/me/messages`, listMessages('all'));
  app.get(`${GRAPH}/me/mailFolders/:folder/messages`, async (request, reply) => {
    const folder = (request.params as { folder: string }).folder;
    const box = graphAuth(state, request, reply, MAIL_SCOPES);
    if (!box) return reply;
    const which =
      folder.toLowerCase() === 'inbox' || folder === folderId(box, 'inbox')
        ? 'inbox'
        : folder.toLowerCase() === 'sentitems' || folder === folderId(box, 'sent')
          ? 'sent'
          : undefined;
    if (!which)
      return sendJson(
        reply,
        404,
        graphError('ErrorItemNotFound', 'The specified object was not found in the store.', state.now()),
      );
    return listMessages(which)(request, reply);
  });

  const findMessage = (box: Mailbox, id: string) => state.findMessage(box, id);
  const notFound = (reply: FastifyReply) =>
    sendJson(
      reply,
      404,
      graphError('ErrorItemNotFound', 'The specified object was not found in the store.', state.now()),
    );

  app.get(`${GRAPH}/me/messages/:id`, async (request, reply) => {
    const box = graphAuth(state, request, reply, MAIL_SCOPES);
    if (!box) return reply;
    const message = findMessage(box, (request.params as { id: string }).id);
    if (!message) return notFound(reply);
    const fields = one((request.query as Record<string, unknown>).$select)
      ?.split(',')
      .map((field) => field.trim());
    const base = graphBase(request);
    return sendJson(reply, 200, {
      '@odata.context': `${base}/$metadata#users('${microsoftUserId(box.email)}')/messages/$entity`,
      ...select(graphMessage(box, message, base), fields),
    });
  });

  app.patch(`${GRAPH}/me/messages/:id`, async (request, reply) => {
    const box = graphAuth(state, request, reply, ['Mail.ReadWrite']);
    if (!box) return reply;
    const message = findMessage(box, (request.params as { id: string }).id);
    if (!message) return notFound(reply);
    const body = (request.body ?? {}) as { isRead?: unknown };
    if (typeof body.isRead === 'boolean') state.setRead('microsoft', box.email, message.id, body.isRead);
    return sendJson(reply, 200, graphMessage(box, message, graphBase(request)));
  });

  app.get(`${GRAPH}/me/messages/:id/attachments`, async (request, reply) => {
    const box = graphAuth(state, request, reply, MAIL_SCOPES);
    if (!box) return reply;
    const message = findMessage(box, (request.params as { id: string }).id);
    if (!message) return notFound(reply);
    const base = graphBase(request);
    return sendJson(reply, 200, {
      '@odata.context': `${base}/$metadata#users('${microsoftUserId(box.email)}')/messages('${message.id}')/attachments`,
      value: message.attachments.map((attachment) => attachmentJson(attachment, message, true)),
    });
  });

  const attachmentOf = (request: FastifyRequest) => {
    const params = request.params as { id: string; attachmentId: string };
    return { params };
  };

  app.get(`${GRAPH}/me/messages/:id/attachments/:attachmentId`, async (request, reply) => {
    const box = graphAuth(state, request, reply, MAIL_SCOPES);
    if (!box) return reply;
    const { params } = attachmentOf(request);
    const message = findMessage(box, params.id);
    const attachment = message?.attachments.find((candidate) => candidate.id === params.attachmentId);
    if (!message || !attachment) return notFound(reply);
    const base = graphBase(request);
    return sendJson(reply, 200, {
      '@odata.context': `${base}/$metadata#users('${microsoftUserId(box.email)}')/messages('${message.id}')/attachments/$entity`,
      ...attachmentJson(attachment, message, true),
    });
  });

  app.get(`${GRAPH}/me/messages/:id/attachments/:attachmentId/$value`, async (request, reply) => {
    const box = graphAuth(state, request, reply, MAIL_SCOPES);
    if (!box) return reply;
    const { params } = attachmentOf(request);
    const attachment = findMessage(box, params.id)?.attachments.find(
      (candidate) => candidate.id === params.attachmentId,
    );
    if (!attachment) return notFound(reply);
    return reply.code(200).header('content-type', attachment.mimeType).send(attachment.content);
  });

  app.get(`${GRAPH}/me/mailFolders/:folder/messages/delta`, async (request, reply) => {
    const box = graphAuth(state, request, reply, MAIL_SCOPES);
    if (!box) return reply;
    const folder = (request.params as { folder: string }).folder;
    if (folder.toLowerCase() !== 'inbox' && folder !== folderId(box, 'inbox')) {
      return sendJson(
        reply,
        404,
        graphError('ErrorItemNotFound', 'The specified object was not found in the store.', state.now()),
      );
    }
    const query = request.query as Record<string, unknown>;
    const tokenText = one(query.$skiptoken) ?? one(query.$deltatoken);
    let cursor: DeltaCursor;
    if (tokenText) {
      const decoded = decodeCursor<DeltaCursor>(tokenText);
      if (!decoded || typeof decoded.e !== 'number') return badRequest(reply, 'Invalid delta token.');
      if (decoded.e !== box.epoch) {
        return sendJson(
          reply,
          410,
          graphError('syncStateNotFound', 'The sync state generation is not found.', state.now()),
        );
      }
      cursor = one(query.$deltatoken) ? { ...decoded, s: decoded.u, u: box.seq, o: 0 } : decoded;
      const preferred = pageSizeFrom(request);
      if (preferred) cursor.p = preferred;
    } else {
      const clauses = parseFilter(one(query.$filter));
      if (!clauses || clauses.some((clause) => clause.field !== 'receivedDateTime')) {
        return badRequest(reply, 'Delta supports only $filter on receivedDateTime ge|gt.');
      }
      cursor = {
        e: box.epoch,
        s: null,
        u: box.seq,
        o: 0,
        sel: one(query.$select)
          ?.split(',')
          .map((field) => field.trim())
          .filter(Boolean),
        f: one(query.$filter),
        p: pageSizeFrom(request) ?? Number(one(query.$top) ?? 10),
      };
    }
    const clauses = parseFilter(cursor.f) ?? [];
    const since = cursor.s;
    const changed = [...box.messages.values()]
      .filter((message) => message.folder === 'inbox' && message.seq <= cursor.u)
      .filter((message) => (since === null ? !message.removed : message.seq > since))
      .filter((message) => message.removed || matchesFilter(message, clauses))
      .sort((a, b) =>
        since === null
          ? b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? -1 : 1)
          : a.seq - b.seq,
      );
    const size = Math.max(1, Math.min(cursor.p || 10, 1000));
    const slice = changed.slice(cursor.o, cursor.o + size);
    const base = graphBase(request);
    const link = `${base}/me/mailFolders/${folder}/messages/delta`;
    const more = cursor.o + size < changed.length;
    const value = slice.map((message) =>
      message.removed
        ? { '@odata.type': '#microsoft.graph.message', id: message.id, '@removed': { reason: 'deleted' } }
        : {
            '@odata.type': '#microsoft.graph.message',
            ...select(graphMessage(box, message, base), cursor.sel),
          },
    );
    if (pageSizeFrom(request)) reply.header('preference-applied', `odata.maxpagesize=${size}`);
    return sendJson(reply, 200, {
      '@odata.context': `${base}/$metadata#Collection(message)`,
      value,
      ...(more
        ? { '@odata.nextLink': `${link}?$skiptoken=${encodeCursor({ ...cursor, o: cursor.o + size })}` }
        : { '@odata.deltaLink': `${link}?$deltatoken=${encodeCursor({ ...cursor, o: 0, s: cursor.u })}` }),
    });
  });
}
