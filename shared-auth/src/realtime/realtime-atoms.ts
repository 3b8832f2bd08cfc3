import { atom } from 'jotai';
import type * as v from 'valibot';
import type { AgentStatusEntry, AgentStatusValue, AwayReasonValue, QueueEntry, SmsPayload, SmsStatusPayload } from 'shared-contracts';

export interface AgentStatusInfo {
  status: AgentStatusValue;
  busyFrom: string | null;
  /** Why the agent is away; null otherwise. */
  awayReason: AwayReasonValue | null;
  /** Since when the agent is in this status; null from an older server. */
  since: string | null;
}

export const statusInfoOf = (entry: Omit<AgentStatusEntry, 'agentId'>): AgentStatusInfo =>
  ({ status: entry.status, busyFrom: entry.busyFrom, awayReason: entry.awayReason, since: entry.since });

/** Live availability of the account's human agents, keyed by agentId. */
export const agentStatusesAtom = atom<Record<string, AgentStatusInfo>>({});

/** Whether the agent is on a call; the server's DISCONNECT_CALL sets it back to false. */
export const callStatusAtom = atom(false);

/** The latest SMS pushed by the server (RECEIVE_SMS). */
export const recentSmsAtom = atom<SmsPayload | null>(null);

/** The latest SMS status change (SMS_STATUS_CHANGED). */
export const smsStatusChangedAtom = atom<v.InferOutput<typeof SmsStatusPayload> | null>(null);

/** Numbers waiting to be called, first one next. */
export const queueAtom = atom<QueueEntry[]>([]);
