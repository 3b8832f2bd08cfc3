import { atom } from 'jotai';
import type * as v from 'valibot';
import type { AgentStatusValue, QueueEntry, SmsPayload, SmsStatusPayload } from 'shared-contracts';

export interface AgentStatusInfo {
  status: AgentStatusValue;
  busyFrom: string | null;
}

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
