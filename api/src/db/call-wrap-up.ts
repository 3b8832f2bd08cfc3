import type { CallWrapUp } from 'shared-contracts';
import type { CallRow } from './schema';

/** A call's wrap-up as the call logs, the public API and `call.completed` show it: null until the person who took it wraps it up (or their time runs out). */
export function wrapUpOf(row: Pick<CallRow, 'wrappedUpAt' | 'disposition' | 'dispositionNotes'>): CallWrapUp | null {
  if (row.wrappedUpAt === null) return null;
  return { disposition: row.disposition, notes: row.dispositionNotes, at: row.wrappedUpAt.toISOString() };
}
