import { asc, eq } from 'drizzle-orm';
import { conversationMessages, conversations } from '../../src/db/schema';
import { call, type TestServer } from './server';

/** A call's stored transcript, in the order it was said. */
export const transcriptOf = (server: TestServer, callId: string) => server.db
  .select({ authorType: conversationMessages.authorType, content: conversationMessages.content })
  .from(conversationMessages).innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
  .where(eq(conversations.callId, callId)).orderBy(asc(conversationMessages.at), asc(conversationMessages.id));

/** What the caller said on a call, as stored. */
export const callerLinesOf = async (server: TestServer, callId: string) =>
  (await transcriptOf(server, callId)).filter((line) => line.authorType === 'lead').map((line) => line.content);

export interface CallRecord {
  endReason: string | null;
  summary: string | null;
  callbackRequest: { callerName: string | null; phoneNumber: string | null; reason: string } | null;
  status: string;
}

/** The call's report as its account's USER reads it (the call logs' row, its summary). */
export async function callRecordOf(server: TestServer, token: string, callId: string): Promise<CallRecord | null> {
  const report = await call(server, 'GET', `call/get-call-reports/${callId}`, { token });
  if (report.status !== 200) return null;
  const { call: row, summary } = report.body.data;
  return { endReason: row.endReason, summary, callbackRequest: row.callbackRequest, status: row.status };
}
