import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  notify, setCallStatus, useCallStatus, useQueue, useRealtime, useServerMessage, useSessionUser,
} from 'shared-auth';
import {
  CALL_CONNECT_FAILED_TEXT, CALL_END_FAILED_TEXT, callErrorText, checkDial, dialPadPress, takeFromQueue,
  voiceErrorMessage, type QueueEntry,
} from 'shared-contracts';
import { initialSoftphoneState, isOnCall, softphoneReducer } from '../model/softphone-machine';
import type { PhoneCall } from '../voice/phone-device';
import { useVoiceDevice } from './use-voice-device';

/** The softphone's behaviour: the state machine, the voice device and the realtime messages together. */
export function useSoftphone() {
  const user = useSessionUser();
  const realtime = useRealtime();
  const queue = useQueue();
  const serverCallStatus = useCallStatus();
  const [state, dispatch] = useReducer(softphoneReducer, initialSoftphoneState);
  const call = useRef<PhoneCall | null>(null);
  /** The dial whose call the device has not handed over yet; hanging up meanwhile abandons it. */
  const placing = useRef<symbol | null>(null);
  // The queue entry the current call was taken from, until the server could refuse it.
  const queueDial = useRef<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const realtimeRef = useRef(realtime);
  realtimeRef.current = realtime;
  const agentId = user?.id;

  const markActive = useCallback((isActive: boolean) => {
    if (agentId === undefined) return;
    realtimeRef.current.sendAgentActiveStatus({ agentId, isActive });
    setCallStatus(isActive);
  }, [agentId]);

  /** Wires a call's events to the machine; every way a call can end lands in one place. */
  const follow = useCallback((next: PhoneCall, onAccept: () => void) => {
    call.current = next;
    const ended = () => {
      if (call.current !== next) return;
      call.current = null;
      const wasOnCall = isOnCall(stateRef.current);
      dispatch(stateRef.current.phase === 'incoming' ? { type: 'rejected' } : { type: 'disconnected' });
      if (wasOnCall) markActive(false);
    };
    next.on('accept', onAccept);
    next.on('disconnect', ended);
    next.on('cancel', ended);
    next.on('reject', ended);
    next.on('error', (error) => notify.error(callErrorText(voiceErrorMessage(error.code))));
    next.on('warning', (name) => dispatch({ type: 'warning', name }));
    next.on('warning-cleared', (name) => dispatch({ type: 'warningCleared', name }));
  }, [markActive]);

  const { device, status } = useVoiceDevice({
    onIncoming: (incoming) => {
      // A second call while one is in progress is left to ring out to another agent.
      if (stateRef.current.phase !== 'idle') return;
      follow(incoming, () => undefined);
      dispatch({ type: 'incoming', caller: incoming.from, callSid: incoming.sid });
    },
  });

  // Ready to ring: say so whenever the device registers or the realtime socket (re)connects,
  // whichever comes last, so a reconnect after a network drop makes the agent reachable again.
  const connected = realtime.connectionState === 'open';
  useEffect(() => {
    if (connected && status === 'ready' && agentId !== undefined && !isOnCall(stateRef.current)) {
      realtimeRef.current.sendUpdateStatus(agentId, 'available');
    }
  }, [connected, status, agentId]);

  // The server says the call is over (DISCONNECT_CALL): end it here too.
  useEffect(() => {
    if (!serverCallStatus && stateRef.current.phase === 'onCall' && call.current !== null) {
      const current = call.current;
      call.current = null;
      current.disconnect();
      dispatch({ type: 'disconnected' });
      markActive(false);
    }
  }, [serverCallStatus, markActive]);

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

  /** `beforePlacing` runs once the number and the device pass their checks, just before the call is placed. */
  const dial = async (rawNumber: string, beforePlacing?: () => void) => {
    const checked = checkDial({ number: rawNumber, deviceReady: device !== null && status === 'ready' });
    if (!checked.ok) {
      notify.error(checked.error);
      return;
    }
    queueDial.current = null;
    beforePlacing?.();
    const attempt = Symbol('dial');
    placing.current = attempt;
    dispatch({ type: 'dialing', number: checked.number });
    markActive(true);
    try {
      const placed = await device!.connect(checked.number);
      if (placing.current !== attempt) {
        // The agent hung up while it was being placed: it must not ring on with nobody to hear it.
        placed.disconnect();
        return;
      }
      placing.current = null;
      follow(placed, () => dispatch({ type: 'connected', at: Date.now() }));
    } catch {
      if (placing.current !== attempt) return;
      placing.current = null;
      dispatch({ type: 'dialFailed' });
      markActive(false);
      notify.error(CALL_CONNECT_FAILED_TEXT);
    }
  };

  const hangUp = () => {
    const current = call.current;
    if (current === null && placing.current !== null) {
      placing.current = null;
      dispatch({ type: 'disconnected' });
      markActive(false);
      return;
    }
    try {
      if (current === null) throw new Error('no call');
      current.disconnect();
    } catch {
      notify.error(CALL_END_FAILED_TEXT);
      call.current = null;
      dispatch({ type: 'disconnected' });
      markActive(false);
    }
  };

  const callFromQueue = (entry: QueueEntry) => {
    const taken = takeFromQueue(queue, entry.id, isOnCall(stateRef.current));
    if (!taken.ok) {
      notify.error(taken.error);
      return;
    }
    // The caller leaves the queue only once their call is placed: a refused dial keeps them queued.
    void dial(taken.entry.phoneNumber, () => {
      queueDial.current = taken.entry.id;
      if (agentId !== undefined) realtimeRef.current.sendRemoveFromQueue({ agentId, entryId: taken.entry.id });
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

  const pressKey = (key: string) => {
    const action = dialPadPress(key, { onCall: isOnCall(stateRef.current), number: stateRef.current.number });
    if (action.kind === 'dtmf') call.current?.sendDigits(action.digit);
    else dispatch({ type: 'key', key });
  };

  const toggleMute = () => {
    const muted = !stateRef.current.muted;
    call.current?.mute(muted);
    dispatch({ type: 'muted', muted });
  };

  return {
    state, queue, device, deviceStatus: status,
    accept, reject, hangUp, callFromQueue, pressKey, toggleMute,
    dial: () => void dial(stateRef.current.number),
    type: (number: string) => dispatch({ type: 'typed', number }),
  };
}

export type SoftphoneApi = ReturnType<typeof useSoftphone>;
