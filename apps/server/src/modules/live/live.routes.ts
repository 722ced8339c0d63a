import { LIVE_CLOSE_UNAUTHORISED, liveClientFrame, type LiveServerFrame } from '@sentinel/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveConnection } from '../../platform/realtime';
import { routeOptions } from '../auth/access';

/** A connection that has not authenticated by then is closed. */
const AUTH_WAIT_MS = 10_000;
/** How often the session behind a connection is checked again (revoked, firm left) and the socket pinged. */
const CHECK_MS = 30_000;
/** A browser that reads this far behind is dropped; it catches up when it reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const CLOSE_POLICY = 1008;

/**
 * GET /api/live (issue 12): the live channel, a WebSocket. Browsers cannot set headers on one, so
 * the access token comes in the first frame, `{type:'auth', token}`, and again after every token
 * refresh; the connection then hears what concerns the person in the firm the session acts in
 * (platform/realtime.ts). A refused token, one that runs out without a successor, or a session
 * that ends closes it with 4401. The route is public at the HTTP level for that reason; nothing
 * is sent before a token is accepted.
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  const { live } = app;

  app.get(
    '/live',
    {
      ...routeOptions('live', 'public', {}),
      websocket: true,
      preValidation: async (request) => app.refuseCrossSite(request),
    },
    (socket: WebSocket) => {
      let connection: LiveConnection | undefined;
      let alive = true;
      let expiry: NodeJS.Timeout | undefined;
      const close = (code: number) => {
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code);
      };
      const send = (frame: LiveServerFrame) => {
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return close(CLOSE_POLICY);
        socket.send(JSON.stringify(frame));
      };
      const waiting = setTimeout(() => close(LIVE_CLOSE_UNAUTHORISED), AUTH_WAIT_MS);

      const authenticate = async (token: string): Promise<boolean> => {
        const claims = app.accessTokens.verify(token);
        const expiresAt = app.accessTokens.expiresAt(token);
        if (!claims || !expiresAt) return false;
        const account = await app.services.sessions.accountFor(claims.sessionId, claims.userId);
        if (!account || (account.firm?.firmId ?? null) !== claims.firmId) return false;
        if (connection && connection.userId !== claims.userId) return false;
        if (connection) {
          // A new token of the same person: maybe another session or firm (a firm switch).
          connection.sessionId = claims.sessionId;
          connection.firmId = claims.firmId;
        } else {
          connection = {
            userId: claims.userId,
            sessionId: claims.sessionId,
            firmId: claims.firmId,
            send,
            close,
          };
          live.add(connection);
        }
        clearTimeout(expiry);
        expiry = setTimeout(() => close(LIVE_CLOSE_UNAUTHORISED), Math.max(0, expiresAt - Date.now()));
        return true;
      };

      const check = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
        if (connection) {
          const { sessionId, userId, firmId } = connection;
          void app.services.sessions.accountFor(sessionId, userId).then(
            (account) => {
              if (!account || (account.firm?.firmId ?? null) !== firmId) close(LIVE_CLOSE_UNAUTHORISED);
            },
            () => undefined,
          );
        }
      }, CHECK_MS);
      socket.on('pong', () => {
        alive = true;
      });

      // Frames are handled one at a time, in order.
      let queue = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        queue = queue.then(async () => {
          let parsed: unknown;
          try {
            parsed = isBinary ? undefined : JSON.parse(data.toString());
          } catch {
            parsed = undefined;
          }
          const frame = liveClientFrame.safeParse(parsed);
          if (!frame.success) return close(CLOSE_POLICY);
          const accepted = await authenticate(frame.data.token).catch(() => false);
          if (!accepted) return close(LIVE_CLOSE_UNAUTHORISED);
          clearTimeout(waiting);
          send({ type: 'ready' });
        });
      });

      socket.on('close', () => {
        clearTimeout(waiting);
        clearTimeout(expiry);
        clearInterval(check);
        if (connection) live.remove(connection);
      });
      socket.on('error', () => socket.terminate());
    },
  );
};
