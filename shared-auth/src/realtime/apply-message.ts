import { SUBSCRIPTION_BATCH_MS } from 'shared-contracts';
import type { QueueEntry, ServerMessage } from 'shared-contracts';
import { sessionUserAtom } from '../auth/auth-atoms';
import { authStore } from '../store';
import { batchedWrite } from './batched-write';
import {
  agentStatusesAtom, callStatusAtom, queueAtom, recentSmsAtom, smsStatusChangedAtom, statusInfoOf,
} from './realtime-atoms';
import type { AgentStatusInfo } from './realtime-atoms';

type Store = typeof authStore;

/** What each server message ("Received" in the socket contract) changes. */
export function applyServerMessage(message: ServerMessage, store: Store = authStore): void {
  switch (message.type) {
    case 'STATUS_UPDATED':
      store.set(agentStatusesAtom, (statuses) => ({
        ...statuses,
        [message.agentId]: statusInfoOf(message),
      }));
      return;
    case 'DISCONNECT_CALL': {
      // Another agent's call ending is no reason to reset this agent's call status.
      const me = store.get(sessionUserAtom)?.id;
      if (message.agentId !== undefined && me !== undefined && message.agentId !== me) return;
      store.set(callStatusAtom, false);
      return;
    }
    case 'RECEIVE_SMS':
      store.set(recentSmsAtom, message.payload);
      return;
    case 'SMS_STATUS_CHANGED':
      store.set(smsStatusChangedAtom, message.payload);
      return;
    case 'QUEUE_UPDATED':
      store.set(queueAtom, message.queue ?? []);
      return;
    case 'INITIAL_STATUS':
      if (message.queue) store.set(queueAtom, message.queue);
      if (message.statuses) {
        store.set(
          agentStatusesAtom,
          Object.fromEntries(message.statuses.map((entry) => [entry.agentId, statusInfoOf(entry)])),
        );
      }
      return;
    case 'ERROR':
      console.warn(`Realtime: the server refused a message: ${message.message}`);
      return;
  }
}

export interface ServerMessageApplier {
  apply: (message: ServerMessage) => void;
  /** Drops the updates still waiting for their window (the socket is going away). */
  dispose: () => void;
}

/**
 * applyServerMessage with the state that comes in bursts batched (subscription
 * updates every SUBSCRIPTION_BATCH_MS): agent statuses and the queue are written at once, then
 * at most once per window, with what arrived meanwhile merged. Everything else is applied as it comes.
 */
export function serverMessageApplier(store: Store = authStore, batchMs: number = SUBSCRIPTION_BATCH_MS): ServerMessageApplier {
  const statuses = batchedWrite<Record<string, AgentStatusInfo>>(
    batchMs,
    (waiting, next) => ({ ...waiting, ...next }),
    (changed) => store.set(agentStatusesAtom, (current) => ({ ...current, ...changed })),
  );
  // Each QUEUE_UPDATED carries the whole queue: the latest one wins.
  const queue = batchedWrite<QueueEntry[]>(batchMs, (_waiting, next) => next, (next) => store.set(queueAtom, next));

  return {
    apply(message) {
      switch (message.type) {
        case 'STATUS_UPDATED':
          statuses.push({ [message.agentId]: statusInfoOf(message) });
          return;
        case 'QUEUE_UPDATED':
          queue.push(message.queue ?? []);
          return;
        case 'INITIAL_STATUS':
          // What waits is older than this snapshot: written first, so the snapshot wins.
          statuses.flush();
          queue.flush();
          applyServerMessage(message, store);
          return;
        default:
          applyServerMessage(message, store);
      }
    },
    dispose() {
      statuses.cancel();
      queue.cancel();
    },
  };
}

/** Clears what the socket filled in, so the next account starts from its own INITIAL_STATUS. */
export function resetRealtimeState(store: Store = authStore): void {
  store.set(agentStatusesAtom, {});
  store.set(callStatusAtom, false);
  store.set(recentSmsAtom, null);
  store.set(smsStatusChangedAtom, null);
  store.set(queueAtom, []);
}
