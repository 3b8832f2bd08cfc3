import type { ServerMessage } from 'shared-contracts';
import { sessionUserAtom } from '../auth/auth-atoms';
import { authStore } from '../store';
import {
  agentStatusesAtom, callStatusAtom, queueAtom, recentSmsAtom, smsStatusChangedAtom,
} from './realtime-atoms';

type Store = typeof authStore;

/** Spec section 7, "Received": what each server message changes. */
export function applyServerMessage(message: ServerMessage, store: Store = authStore): void {
  switch (message.type) {
    case 'STATUS_UPDATED':
      store.set(agentStatusesAtom, (statuses) => ({
        ...statuses,
        [message.agentId]: { status: message.status, busyFrom: message.busyFrom },
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
          Object.fromEntries(message.statuses.map(({ agentId, status, busyFrom }) => [agentId, { status, busyFrom }])),
        );
      }
      return;
    case 'ERROR':
      console.warn(`Realtime: the server refused a message: ${message.message}`);
      return;
  }
}

/** Clears what the socket filled in, so the next account starts from its own INITIAL_STATUS. */
export function resetRealtimeState(store: Store = authStore): void {
  store.set(agentStatusesAtom, {});
  store.set(callStatusAtom, false);
  store.set(recentSmsAtom, null);
  store.set(smsStatusChangedAtom, null);
  store.set(queueAtom, []);
}
