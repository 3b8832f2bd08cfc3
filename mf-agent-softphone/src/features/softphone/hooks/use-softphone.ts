import { useCallSession } from './use-call-session';
import { useDialling } from './use-dialling';
import { useIncomingCall } from './use-incoming-call';
import { useQueueCalls } from './use-queue-calls';
import { usePresence } from './use-presence';
import { useVoiceDevice } from './use-voice-device';

/** The softphone's behaviour: one call session, the voice device, incoming calls, dialling and the queue. */
export function useSoftphone() {
  const session = useCallSession();
  const incoming = useIncomingCall(session);
  const { device, status, unavailableText } = useVoiceDevice({ onIncoming: incoming.onIncoming });
  const { dial } = useDialling(session, device, status);
  const queueCalls = useQueueCalls(session, dial);
  const { state, stateRef } = session;
  // The chosen presence is said whenever the device registers or the realtime socket (re)connects,
  // whichever comes last, so a reconnect after a network drop makes the agent reachable again.
  const presence = usePresence(session, status === 'ready');

  return {
    state, queue: queueCalls.queue, device, deviceStatus: status, unavailableText, presence,
    accept: incoming.accept, reject: incoming.reject, callFromQueue: queueCalls.callFromQueue,
    hangUp: session.hangUp, pressKey: session.pressKey, toggleMute: session.toggleMute, toggleHold: session.toggleHold, transferTo: session.transferTo, transferToNumber: session.transferToNumber,
    consult: session.consult, completeTransfer: session.completeTransfer, cancelConsult: session.cancelConsult,
    dial: () => void dial(stateRef.current.number, queueCalls.notFromQueue),
    type: (number: string) => session.dispatch({ type: 'typed', number }),
  };
}

export type SoftphoneApi = ReturnType<typeof useSoftphone>;
