import { useRef } from 'react';
import { notify, useQueue, useServerMessage } from 'shared-auth';
import { takeFromQueue, type QueueEntry } from 'shared-contracts';
import { isOnCall } from '../model/softphone-machine';
import type { CallSession } from './use-call-session';

type Dial = (rawNumber: string, beforePlacing?: () => void) => Promise<void>;

/** The waiting callers, and calling the first of them back. */
export function useQueueCalls({ stateRef, placing, agentId, realtime, hangUp }: CallSession, dial: Dial) {
  const queue = useQueue();
  // The queue entry the current call was taken from, until the server could refuse it.
  const queueDial = useRef<string | null>(null);

  const callFromQueue = (entry: QueueEntry) => {
    const taken = takeFromQueue(queue, entry.id, isOnCall(stateRef.current));
    if (!taken.ok) {
      notify.error(taken.error);
      return;
    }
    // The caller leaves the queue only once their call is placed: a refused dial keeps them queued.
    void dial(taken.entry.phoneNumber, () => {
      queueDial.current = taken.entry.id;
      if (agentId !== undefined) realtime.current.sendRemoveFromQueue({ agentId, entryId: taken.entry.id });
    });
  };

  // Another agent took the same caller a moment earlier: this agent is told, and this call ends,
  // so the caller is not rung twice.
  useServerMessage('ERROR', (message) => {
    if (message.refused !== 'REMOVE_FROM_QUEUE') return;
    notify.error(message.message);
    if (queueDial.current === null) return;
    queueDial.current = null;
    if (placing.current !== null || isOnCall(stateRef.current)) hangUp();
  });

  return {
    queue,
    callFromQueue,
    /** A call placed any other way is not the queue's: a later refusal must not end it. */
    notFromQueue: () => {
      queueDial.current = null;
    },
  };
}
