import type { PhoneCall } from 'shared-voice';
import type { CallSession } from './use-call-session';

/** A call ringing here: offered while the softphone is idle, then accepted or rejected. */
export function useIncomingCall({ stateRef, call, dispatch, follow, markActive }: CallSession) {
  const onIncoming = (incoming: PhoneCall) => {
    // A second call while one is in progress is left to ring out to another agent.
    if (stateRef.current.phase !== 'idle') return;
    follow(incoming, () => undefined);
    dispatch({ type: 'incoming', caller: incoming.from, callSid: incoming.sid });
  };

  const accept = () => {
    if (stateRef.current.phase !== 'incoming' || call.current === null) return;
    call.current.accept();
    dispatch({ type: 'accepted', at: Date.now() });
    markActive(true);
  };

  const reject = () => {
    if (stateRef.current.phase !== 'incoming' || call.current === null) return;
    const current = call.current;
    call.current = null;
    current.reject();
    dispatch({ type: 'rejected' });
  };

  return { onIncoming, accept, reject };
}
