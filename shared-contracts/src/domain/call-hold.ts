/**
 * A person on a call puts the other party on hold and back: the caller hears hold music (on the
 * simulator, a tone) and does not hear the agent until they resume.
 */
export const CALL_HOLD_TEXT = {
  hold: 'Hold',
  resume: 'Resume',
  onHold: 'On hold',
  /** The phone network refused to move the call; nothing changed. */
  failed: 'The phone network did not put the call on hold; try again',
} as const;

/** What the simulator's caller hears, as its caller door reports it. */
export const SIMULATED_CALLER_HEARS = ['ringing', 'a person', 'hold tone'] as const;
export type SimulatedCallerHears = (typeof SIMULATED_CALLER_HEARS)[number];
