import { SOCKET_PATH, type ServerMessage, type ServerMessageOf, type ServerMessageType } from 'shared-contracts';
import { openJsonSocket, type JsonSocket } from './json-socket';

export type RealtimeSocket = JsonSocket<ServerMessage>;

/** The realtime channel's URL on an API origin (http://host:port); unset query values are left out. */
export function realtimeSocketUrl(origin: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return `${origin.replace(/^http/, 'ws')}${SOCKET_PATH}?${params}`;
}

/** Our realtime channel (/ws) as the browser opens it, usually with `{ accountId, token }`. */
export function openRealtimeSocket(origin: string, query: Record<string, string | undefined>): RealtimeSocket {
  return openJsonSocket<ServerMessage>(realtimeSocketUrl(origin, query));
}

/** Reads messages until one of `type` arrives (others, e.g. status updates, are skipped). */
export async function nextOfType<T extends ServerMessageType>(socket: RealtimeSocket, type: T, timeoutMs = 3_000): Promise<ServerMessageOf<T>> {
  const deadline = Date.now() + timeoutMs;
  const skipped: string[] = [];
  for (;;) {
    const message = await socket.next(Math.max(1, deadline - Date.now())).catch(() => {
      throw new Error(`no ${type} within ${timeoutMs} ms (skipped: ${skipped.join(', ') || 'nothing'})`);
    });
    if (message.type === type) return message as ServerMessageOf<T>;
    skipped.push(message.type);
  }
}

/** Reads messages until one matches (the ones before it are skipped), failing after `timeoutMs`. */
export async function nextMatching(socket: RealtimeSocket, match: (message: ServerMessage) => boolean, timeoutMs = 5_000): Promise<ServerMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await socket.next(Math.max(1, deadline - Date.now())).catch(() => {
      throw new Error(`no matching socket message within ${timeoutMs} ms`);
    });
    if (match(message)) return message;
  }
}

/** Resolves true if no message of `type` arrives within `ms` (proof that a room did not hear a broadcast). */
export async function silentFor(socket: RealtimeSocket, type: ServerMessageType, ms = 400): Promise<boolean> {
  try {
    await nextOfType(socket, type, ms);
    return false;
  } catch {
    return true;
  }
}
