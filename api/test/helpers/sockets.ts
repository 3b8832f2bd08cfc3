import assert from 'node:assert/strict';
import { openRealtimeSocket, type RealtimeSocket } from 'shared-test-kit';
import type { TestServer } from './server';

export type TestSocket = RealtimeSocket;

/** The realtime socket of a test server, opened with the query given (usually `{ accountId, token }`). */
export const openSocket = (server: TestServer, query: Record<string, string | undefined>): TestSocket => openRealtimeSocket(server.origin, query);

/**
 * A status as the socket sent it, with its `since` checked to be a time and then left out, so a
 * test compares the rest exactly (when an agent entered its status is the database's clock).
 */
export function statusWithoutSince<T>(message: T): Omit<T, 'since'> {
  const { since, ...rest } = message as T & { since?: unknown };
  assert.ok(typeof since === 'string' && !Number.isNaN(Date.parse(since)), `since is a time: ${JSON.stringify(since)}`);
  return rest as Omit<T, 'since'>;
}
