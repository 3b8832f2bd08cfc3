import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { RawData, WebSocket } from 'ws';
import {
  ClientMessage, decodeJson, Id, SESSION_EXPIRED_TEXT, SOCKET_CLOSE_UNAUTHORIZED, SOCKET_PATH, type ServerMessage,
} from 'shared-contracts';
import { accounts } from '../../db/schema';
import { INTERNAL_ERROR_TEXT } from '../../http/api-error';
import { issuesText, parseInput, parseJsonInput } from '../../http/parse-input';
import { handleClientMessage, RefusedMessage, type SocketSession } from './client-messages';
import { listQueue, listStatuses } from './presence-store';

export const ACCOUNT_REFUSED_TEXT = 'You do not have access to this account';

const SocketQuery = v.object({ accountId: v.optional(v.string()), token: v.optional(v.string()) });

interface Admitted {
  session: SocketSession;
  /** The token the socket was opened with: its session is checked again whenever it changes. */
  token: string;
}

/** Who may join which room: a valid session, and the account must be its own (administrators: any existing one). */
async function admit(app: FastifyInstance, request: FastifyRequest): Promise<Admitted | { refused: string }> {
  const query = parseInput(SocketQuery, request.query);
  const token = query.ok ? query.output.token : undefined;
  const user = token ? await app.auth.authenticate(token) : null;
  if (user === null) return { refused: SESSION_EXPIRED_TEXT };
  const accountId = query.ok ? query.output.accountId : undefined;
  if (!v.is(Id, accountId)) return { refused: ACCOUNT_REFUSED_TEXT };
  if (user.role === 'ADMINISTRATOR') {
    const [account] = await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
    if (!account) return { refused: ACCOUNT_REFUSED_TEXT };
  } else if (accountId !== user.accountId) {
    return { refused: ACCOUNT_REFUSED_TEXT };
  }
  return { session: { db: app.db, realtime: app.realtime, user, accountId }, token: token! };
}

/** Whether the socket's session still stands; its caller is brought up to date when it does. */
async function stillAdmitted(app: FastifyInstance, admitted: Admitted): Promise<boolean> {
  const user = await app.auth.authenticate(admitted.token);
  if (user === null || (user.role !== 'ADMINISTRATOR' && user.accountId !== admitted.session.accountId)) return false;
  admitted.session.user = user;
  return true;
}

const send = (socket: WebSocket, message: ServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/** The type a refused frame claimed to be, so the client can tell which of its messages failed. */
function claimedType(raw: string): string | undefined {
  const decoded = decodeJson(raw);
  const type = decoded.ok ? (decoded.value as { type?: unknown } | null)?.type : undefined;
  return typeof type === 'string' ? type.slice(0, 64) : undefined;
}

/**
 * `/ws?accountId=<id>&token=<jwt>`: the browser cannot set headers on a WebSocket, so the token
 * rides in the query. The upgrade is accepted and then closed with 4401 rather than answered
 * with an HTTP 401, because browsers hide the status of a failed upgrade but do report close codes.
 */
export async function socketRoutes(app: FastifyInstance): Promise<void> {
  const sockets = new Map<WebSocket, Admitted>();
  // A logout, a password change or a role change anywhere closes or updates the sockets it concerns
  // at once, rather than at their next frame.
  app.auth.onSessionChange((change) => {
    for (const [socket, admitted] of sockets) {
      const { user } = admitted.session;
      const concerned = 'everyone' in change
        || ('sessionId' in change ? user.sessionId === change.sessionId : user.id === change.userId);
      if (!concerned) continue;
      stillAdmitted(app, admitted)
        .then((ok) => ok || socket.close(SOCKET_CLOSE_UNAUTHORIZED, SESSION_EXPIRED_TEXT))
        .catch((err: unknown) => app.log.error({ err }, 'socket session check failed'));
    }
  });

  app.get(SOCKET_PATH, { websocket: true }, (socket, request) => {
    const ready = open(app, socket, request, sockets).catch((err: unknown) => {
      request.log.error({ err }, 'socket admission failed');
      socket.close(1011, 'Server error');
      return null;
    });
    // Frames are handled one at a time, in order, and only once INITIAL_STATUS is out. The
    // listener must be attached now, or frames sent right after the handshake would be lost.
    let queue: Promise<unknown> = ready;
    socket.on('message', (data: RawData, isBinary: boolean) => {
      queue = queue
        .then(async () => {
          const admitted = await ready;
          if (admitted === null) return;
          // A frame is applied only while the session stands (it may have expired since the last one).
          if (!(await stillAdmitted(app, admitted))) return socket.close(SOCKET_CLOSE_UNAUTHORIZED, SESSION_EXPIRED_TEXT);
          await onFrame(socket, admitted.session, isBinary ? '' : data.toString(), request.log);
        })
        .catch((err: unknown) => {
          // Like a 5xx: the cause goes to the log, the sender only learns it failed.
          request.log.error({ err }, 'socket message failed');
          send(socket, { type: 'ERROR', message: INTERNAL_ERROR_TEXT, refused: claimedType(data.toString()) });
        });
    });
  });
}

/** Admits the socket, joins its room and sends INITIAL_STATUS; null when refused. */
async function open(
  app: FastifyInstance, socket: WebSocket, request: FastifyRequest, sockets: Map<WebSocket, Admitted>,
): Promise<Admitted | null> {
  const admitted = await admit(app, request);
  if ('refused' in admitted) {
    socket.close(SOCKET_CLOSE_UNAUTHORIZED, admitted.refused);
    return null;
  }
  // The browser may already have gone; joining then would leave a dead socket in the room.
  if (socket.readyState !== socket.OPEN) return null;
  const { accountId } = admitted.session;
  // Join before reading the snapshot: a change made in between then arrives as an update
  // instead of being missed.
  const leave = app.realtime.join(accountId, socket);
  sockets.set(socket, admitted);
  socket.on('close', () => {
    leave();
    sockets.delete(socket);
  });
  // A session revoked while it was being admitted is not heard by the listener above.
  if (!(await stillAdmitted(app, admitted))) {
    socket.close(SOCKET_CLOSE_UNAUTHORIZED, SESSION_EXPIRED_TEXT);
    return null;
  }
  const [queue, statuses] = await Promise.all([listQueue(app.db, accountId), listStatuses(app.db, accountId)]);
  send(socket, { type: 'INITIAL_STATUS', queue, statuses });
  return admitted;
}

async function onFrame(socket: WebSocket, session: SocketSession, raw: string, log: FastifyBaseLogger): Promise<void> {
  const parsed = parseJsonInput(ClientMessage, raw);
  if (!parsed.ok) {
    const error = issuesText(parsed.issues);
    log.warn({ error, bytes: raw.length }, 'socket frame refused');
    return send(socket, { type: 'ERROR', message: error, refused: claimedType(raw) });
  }
  try {
    await handleClientMessage(session, parsed.output);
  } catch (err) {
    if (!(err instanceof RefusedMessage)) throw err;
    send(socket, { type: 'ERROR', message: err.message, refused: parsed.output.type });
  }
}
