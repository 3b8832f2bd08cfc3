import { useEffect } from 'react';
import { useCallSession } from './use-call-session';
import { useDialling } from './use-dialling';
import { useIncomingCall } from './use-incoming-call';
import { useQueueCalls } from './use-queue-calls';
import { useVoiceDevice } from './use-voice-device';
import { isOnCall } from '../model/softphone-machine';

/** The softphone's behaviour: one call session, the voice device, incoming calls, dialling and the queue. */
export function useSoftphone() {
  const session = useCallSession();
  const incoming = useIncomingCall(session);
  const { device, status, unavailableText } = useVoiceDevice({ onIncoming: incoming.onIncoming });
  const { dial } = useDialling(session, device, status);
  const queueCalls = useQueueCalls(session, dial);
  const { state, stateRef, agentId, realtime } = session;

  // Ready to ring: say so whenever the device registers or the realtime socket (re)connects,
  // whichever comes last, so a reconnect after a network drop makes the agent reachable again.
  const connected = realtime.current.connectionState === 'open';
  useEffect(() => {
    if (connected && status === 'ready' && agentId !== undefined && !isOnCall(stateRef.current)) {
      realtime.current.sendUpdateStatus(agentId, 'available');
    }
  }, [connected, status, agentId, realtime, stateRef]);

  return {
    state, queue: queueCalls.queue, device, deviceStatus: status, unavailableText,
    accept: incoming.accept, reject: incoming.reject, callFromQueue: queueCalls.callFromQueue,
    hangUp: session.hangUp, pressKey: session.pressKey, toggleMute: session.toggleMute,
    dial: () => void dial(stateRef.current.number, queueCalls.notFromQueue),
    type: (number: string) => session.dispatch({ type: 'typed', number }),
  };
}

export type SoftphoneApi = ReturnType<typeof useSoftphone>;
