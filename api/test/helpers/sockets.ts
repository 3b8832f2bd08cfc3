import { openRealtimeSocket, type RealtimeSocket } from 'shared-test-kit';
import type { TestServer } from './server';

export type TestSocket = RealtimeSocket;

/** The realtime socket of a test server, opened with the query given (usually `{ accountId, token }`). */
export const openSocket = (server: TestServer, query: Record<string, string | undefined>): TestSocket => openRealtimeSocket(server.origin, query);
