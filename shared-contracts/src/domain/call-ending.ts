/**
 * Why a call ended, as the call log and the call's page say it. Every AI call gets one when it
 * ends, however it ends: also when the instance that held it died (the sweep writes it then).
 */
export const CALL_END_REASONS = {
  callerHungUp: 'The caller hung up',
  agentEnded: 'The agent ended the call',
  handedToPerson: 'Handed to a person',
  transferredToNumber: 'Transferred to the transfer number',
  messageTaken: 'Nobody was available: the agent took a message',
  timeLimit: 'The call reached its time limit',
  flood: 'Ended: the caller sent too many turns too fast',
  tooLong: 'Ended: the call reached its transcript limit',
  serverRestarted: 'The server restarted',
  sessionLost: 'The connection to the AI agent was lost',
  neverConnected: 'The caller never connected',
  serverStopped: 'The server shut down',
  /** Not an end: our speech pipeline failed and Twilio's voice took the call on (the call's record goes on). */
  speechFallback: 'Our speech pipeline failed: Twilio\'s voice took the call on',
} as const;
export type CallEndReasonKey = keyof typeof CALL_END_REASONS;
export type CallEndReason = (typeof CALL_END_REASONS)[CallEndReasonKey];

/**
 * The call log's marker for a message an AI agent took: "Call back: <name> <number>", with as
 * much as the caller gave (the number falls back to their caller ID, so it is nearly always there).
 */
export function callbackText(request: { callerName: string | null; phoneNumber: string | null }): string {
  const who = [request.callerName?.trim(), request.phoneNumber?.trim()].filter(Boolean).join(' ');
  return `Call back: ${who || 'no name or number given'}`;
}
