import type { CallLog } from 'shared-contracts';
import type { Db } from '../../db/client';
import { hasFeature } from './require-feature';

/**
 * Call logs as the account's plan serves them: without call recordings the recording links are
 * left out. The recordings themselves are kept and served again on a plan that includes them.
 */
export async function servedCallLogs<P extends { data: CallLog[] }>(db: Db, accountId: string, page: P): Promise<P> {
  if (await hasFeature(db, accountId, 'callRecordings')) return page;
  return { ...page, data: page.data.map((call) => (call.conversation ? { ...call, conversation: { ...call.conversation, recordingUrl: null } } : call)) };
}
