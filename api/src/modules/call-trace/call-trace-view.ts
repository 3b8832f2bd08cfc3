import type { CallTrace } from 'shared-contracts';
import type { callTraces } from '../../db/schema';

/**
 * A stored trace as the API shows it. A call taken on by a second session (our speech pipeline
 * handing it to Twilio's voice) numbers its turns again: they are numbered here in order.
 */
export const callTraceView = (row: typeof callTraces.$inferSelect, agentVersion: number | null): CallTrace => ({
  callId: row.callId,
  responder: row.responder,
  endReason: row.endReason,
  turns: row.turns.map((turn, index) => ({ ...turn, index, firstAudioMs: turn.firstAudioMs ?? null })),
  slowestFirstTokenMs: row.slowestFirstTokenMs,
  speechFallback: row.speechFallback,
  agentVersion,
});
