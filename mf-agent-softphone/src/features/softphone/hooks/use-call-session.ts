import { useCallback, useEffect, useReducer, useRef, type Dispatch, type MutableRefObject } from 'react';
import { callApi, notify, setCallStatus, useCallStatus, useRealtime, useServerMessage, useSessionUser } from 'shared-auth';
import { CALL_END_FAILED_TEXT, callErrorText, contract, dialPadPress, voiceErrorMessage } from 'shared-contracts';
import { initialSoftphoneState, isOnCall, softphoneReducer, type SoftphoneEvent, type SoftphoneState } from '../model/softphone-machine';
import type { PhoneCall } from 'shared-voice';

/** The one call the softphone holds, shared by the incoming, dialling and queue hooks. */
export interface CallSession {
  state: SoftphoneState;
  dispatch: Dispatch<SoftphoneEvent>;
  /** The state as of the last event, for handlers that run between renders. */
  stateRef: MutableRefObject<SoftphoneState>;
  call: MutableRefObject<PhoneCall | null>;
  /** The dial whose call the device has not handed over yet; hanging up meanwhile abandons it. */
  placing: MutableRefObject<symbol | null>;
  agentId: string | undefined;
  realtime: MutableRefObject<ReturnType<typeof useRealtime>>;
  /** Tells the server (and the page) whether this agent is on a call. */
  markActive: (isActive: boolean) => void;
  /** Wires a call's events to the machine; every way a call can end lands in one place. */
  follow: (next: PhoneCall, onAccept: () => void) => void;
  hangUp: () => void;
  pressKey: (key: string) => void;
  toggleMute: () => void;
  /** Puts the other party on hold (they hear hold music) or takes them off it; the server holds the call. */
  toggleHold: () => void;
  /** Hands the caller to an available colleague; the network ends this leg once they are rung. */
  transferTo: (agentId: string) => void;
  /** Hands the caller to an outside number. */
  transferToNumber: (phoneNumber: string) => void;
  /** Warm transfer: holds the caller and rings the colleague to talk to first. */
  consult: (agentId: string) => void;
  /** Warm transfer: the colleague keeps the caller; or the colleague leaves and the caller stays held here. */
  completeTransfer: () => void;
  cancelConsult: () => void;
}

/** The softphone's state machine and its current call, with what applies to any call. */
export function useCallSession(): CallSession {
  const agentId = useSessionUser()?.id;
  const live = useRealtime();
  const realtime = useRef(live);
  realtime.current = live;
  const serverCallStatus = useCallStatus();
  const [state, dispatch] = useReducer(softphoneReducer, initialSoftphoneState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const call = useRef<PhoneCall | null>(null);
  const placing = useRef<symbol | null>(null);

  const markActive = useCallback((isActive: boolean) => {
    if (agentId === undefined) return;
    realtime.current.sendAgentActiveStatus({ agentId, isActive });
    setCallStatus(isActive);
  }, [agentId]);

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
      // Said first, so the end of this leg reads as the agent hanging up, not as their browser
      // going (which returns the caller to the queue). Not waited for: the button acts at once.
      const { callSid } = stateRef.current;
      if (callSid !== null && isOnCall(stateRef.current)) void callApi(contract.desk.hangUpCall, { body: { callSid } }).catch(() => undefined);
      current.disconnect();
    } catch {
      notify.error(CALL_END_FAILED_TEXT);
      call.current = null;
      dispatch({ type: 'disconnected' });
      markActive(false);
    }
  };

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

  const toggleHold = () => {
    const current = stateRef.current;
    const callSid = current.callSid ?? call.current?.sid ?? null;
    if (current.phase !== 'onCall' || callSid === null) return;
    callApi(contract.desk.holdCall, { body: { callSid, held: current.heldSince === null } })
      .then(({ data }) => dispatch({ type: 'held', heldSince: data.heldSince === null ? null : Date.parse(data.heldSince) }))
      .catch((error: unknown) => notify.error(error));
  };

  const currentSid = () => (stateRef.current.phase === 'onCall' ? stateRef.current.callSid ?? call.current?.sid ?? null : null);
  // The hold and a warm transfer may change from the server's side (a consult holds the caller,
  // the colleague answers or leaves): the softphone follows them for its own call.
  useServerMessage('CALL_HOLD_CHANGED', (message) => {
    if (message.agentId === agentId && message.callSid === currentSid()) {
      dispatch({ type: 'held', heldSince: message.heldSince === null ? null : Date.parse(message.heldSince) });
    }
  });
  useServerMessage('CALL_CONSULT_CHANGED', (message) => {
    if (message.agentId === agentId && message.callSid === currentSid()) dispatch({ type: 'consult', colleagueId: message.colleagueId, state: message.state });
  });

  const transferTo = (colleagueId: string) => {
    const callSid = currentSid();
    if (callSid === null) return;
    callApi(contract.desk.transferCall, { body: { callSid, agentId: colleagueId } })
      .then(({ data }) => notify.success(data.message))
      .catch((error: unknown) => notify.error(error));
  };

  const transferToNumber = (phoneNumber: string) => {
    const callSid = currentSid();
    if (callSid === null) return;
    callApi(contract.desk.transferCall, { body: { callSid, phoneNumber } })
      .then(({ data }) => notify.success(data.message))
      .catch((error: unknown) => notify.error(error));
  };

  const consult = (colleagueId: string) => {
    const callSid = currentSid();
    if (callSid === null) return;
    callApi(contract.desk.consultColleague, { body: { callSid, agentId: colleagueId } }).catch((error: unknown) => notify.error(error));
  };
  const completeTransfer = () => {
    const callSid = currentSid();
    if (callSid === null) return;
    callApi(contract.desk.completeTransfer, { body: { callSid } }).catch((error: unknown) => notify.error(error));
  };
  const cancelConsult = () => {
    const callSid = currentSid();
    if (callSid === null) return;
    callApi(contract.desk.cancelConsult, { body: { callSid } }).catch((error: unknown) => notify.error(error));
  };

  return { state, dispatch, stateRef, call, placing, agentId, realtime, markActive, follow, hangUp, pressKey, toggleMute, toggleHold, transferTo, transferToNumber, consult, completeTransfer, cancelConsult };
}
