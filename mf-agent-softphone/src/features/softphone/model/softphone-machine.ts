import { CALL_HOLD_TEXT, dialPadPress, formatDuration, SOFTPHONE_TEXT, type ConsultState } from 'shared-contracts';

/** Idle, then dialing or on a call; an incoming call waits for accept or reject. */
export type SoftphonePhase = 'idle' | 'incoming' | 'dialing' | 'onCall';

export interface SoftphoneState {
  phase: SoftphonePhase;
  /** The number in the phone input: typed, the caller's, or the one being dialled. */
  number: string;
  /** Who is calling while the incoming dialog is open (the call's From parameter). */
  caller: string | null;
  /**
   * The CallSid of a call that rang here, from the first ring until it ends: who is calling, why
   * an AI agent handed them over and what was said are looked up by it, in the dialog and on the call.
   */
  callSid: string | null;
  /** When the call was answered (ms since epoch); the timer runs from here. */
  answeredAt: number | null;
  muted: boolean;
  /** Since when the agent holds the other party (ms since epoch); null when they are talking. */
  heldSince: number | null;
  /** A warm transfer under way: the colleague rung into the call, or talking to the agent. */
  consult: { colleagueId: string; state: 'ringing' | 'talking' } | null;
  /** Call-quality warnings currently raised, by the SDK's warning name. */
  warnings: string[];
}

export type SoftphoneEvent =
  | { type: 'typed'; number: string }
  | { type: 'key'; key: string }
  | { type: 'incoming'; caller: string; callSid?: string | null }
  | { type: 'accepted'; at: number }
  | { type: 'rejected' }
  | { type: 'dialing'; number: string }
  | { type: 'connected'; at: number }
  | { type: 'disconnected' }
  /** The call could not be placed: nothing was connected, so the typed number stays to try again. */
  | { type: 'dialFailed' }
  | { type: 'muted'; muted: boolean }
  | { type: 'held'; heldSince: number | null }
  | { type: 'consult'; colleagueId: string; state: ConsultState }
  | { type: 'warning'; name: string }
  | { type: 'warningCleared'; name: string };

export const initialSoftphoneState: SoftphoneState = {
  phase: 'idle', number: '', caller: null, callSid: null, answeredAt: null, muted: false, heldSince: null, consult: null, warnings: [],
};

export const isOnCall = (state: SoftphoneState): boolean => state.phase === 'dialing' || state.phase === 'onCall';

/** The softphone's transitions. Side effects (DTMF, SDK calls, socket messages) live in the hook. */
export function softphoneReducer(state: SoftphoneState, event: SoftphoneEvent): SoftphoneState {
  switch (event.type) {
    case 'typed':
      // The number is read-only during a call.
      return isOnCall(state) ? state : { ...state, number: event.number };
    case 'key': {
      const action = dialPadPress(event.key, { onCall: isOnCall(state), number: state.number });
      return action.kind === 'append' ? { ...state, number: action.number } : state;
    }
    case 'incoming':
      // A second call while busy is not offered: the agent finishes the current one first.
      return state.phase === 'idle' ? { ...state, phase: 'incoming', caller: event.caller, callSid: event.callSid ?? null } : state;
    case 'accepted':
      return state.phase === 'incoming'
        ? { ...state, phase: 'onCall', number: state.caller ?? '', caller: null, answeredAt: event.at, muted: false, heldSince: null, consult: null, warnings: [] }
        : state;
    case 'rejected':
      return state.phase === 'incoming' ? { ...state, phase: 'idle', caller: null, callSid: null } : state;
    case 'dialing':
      return state.phase === 'idle' ? { ...state, phase: 'dialing', number: event.number, muted: false, heldSince: null, consult: null, warnings: [] } : state;
    case 'connected':
      return state.phase === 'dialing' ? { ...state, phase: 'onCall', answeredAt: event.at } : state;
    case 'disconnected':
      // On disconnect the timer and the number clear.
      return { ...initialSoftphoneState };
    case 'dialFailed':
      return state.phase === 'dialing' ? { ...initialSoftphoneState, number: state.number } : state;
    case 'muted':
      return isOnCall(state) ? { ...state, muted: event.muted } : state;
    case 'held':
      return state.phase === 'onCall' ? { ...state, heldSince: event.heldSince } : state;
    case 'consult':
      if (state.phase !== 'onCall') return state;
      return { ...state, consult: event.state === 'ended' ? null : { colleagueId: event.colleagueId, state: event.state } };
    case 'warning':
      return isOnCall(state) && !state.warnings.includes(event.name) ? { ...state, warnings: [...state.warnings, event.name] } : state;
    case 'warningCleared':
      return { ...state, warnings: state.warnings.filter((name) => name !== event.name) };
  }
}

export interface SoftphoneHeader {
  title: string;
  number: string | null;
  timer: string | null;
  /** "On hold 00:00:12" while the agent holds the other party. */
  held: string | null;
}

/** The dial pad's status header: "Ready For Call", or "Queue Call / Mobile" with the number and hh:mm:ss. */
export function softphoneHeader(state: SoftphoneState, now: number): SoftphoneHeader {
  if (!isOnCall(state)) return { title: SOFTPHONE_TEXT.ready, number: null, timer: null, held: null };
  const since = (at: number) => formatDuration(Math.max(0, now - at) / 1000);
  return {
    title: SOFTPHONE_TEXT.onQueueCall,
    number: state.number,
    timer: since(state.answeredAt ?? now),
    held: state.heldSince === null ? null : `${CALL_HOLD_TEXT.onHold} ${since(state.heldSince)}`,
  };
}

/** The quality warnings, as the agent reads them while they last. */
const WARNING_TEXT: Record<string, string> = {
  'high-jitter': 'Choppy audio: the connection is unsteady',
  'high-rtt': 'Delay on the line: the connection is slow',
  'low-mos': 'Poor call quality',
  'high-packet-loss': 'Audio is dropping: packets are being lost',
  'high-packet-loss-average': 'Audio is dropping: packets are being lost',
  'low-bytes-received': 'No audio is arriving from the other side',
  'low-bytes-sent': 'Your audio is not being sent',
  'constant-audio-input-level': 'Your microphone seems silent or muted',
  'constant-audio-output-level': 'No sound is coming from the other side',
  'ice-connectivity-lost': 'Connection lost, reconnecting…',
};

export const qualityWarningText = (name: string): string => WARNING_TEXT[name] ?? `Call quality warning: ${name}`;
