import { useState } from 'react';
import { useServerMessage } from 'shared-auth';
import type { CallLog, ConversationMessage, ServerMessageOf } from 'shared-contracts';

export type LiveLine = ServerMessageOf<'TRANSCRIPT_UPDATED'>['message'];

interface LiveState {
  callId: string;
  lines: LiveLine[];
  ended: boolean;
}

const fresh = (callId: string): LiveState => ({ callId, lines: [], ended: false });

/**
 * A running AI call's transcript as the server pushes it (TRANSCRIPT_UPDATED), and whether the
 * call has ended since (LIVE_CALL_ENDED, when `onEnded` fetches what was stored).
 */
export function useLiveTranscript(callId: string, onEnded: () => void): LiveState {
  const [live, setLive] = useState<LiveState>(() => fresh(callId));
  const ofThisCall = (state: LiveState) => (state.callId === callId ? state : fresh(callId));

  useServerMessage('TRANSCRIPT_UPDATED', ({ callId: of, message }) => {
    if (of !== callId) return;
    setLive((state) => {
      const current = ofThisCall(state);
      // A line sent again (cut to what the caller heard) replaces its earlier copy, in its place.
      const known = current.lines.some((l) => l.id === message.id);
      return { ...current, lines: known ? current.lines.map((l) => (l.id === message.id ? message : l)) : [...current.lines, message] };
    });
  });
  useServerMessage('LIVE_CALL_ENDED', ({ callId: of }) => {
    if (of !== callId) return;
    setLive((state) => ({ ...ofThisCall(state), ended: true }));
    onEnded();
  });
  return ofThisCall(live);
}

/** The fetched transcript followed by the live lines it does not hold yet, each told by who said it. */
export function withLiveLines(fetched: ConversationMessage[], lines: LiveLine[], call: CallLog): ConversationMessage[] {
  const known = new Set(fetched.map((m) => m.id));
  const added = lines.filter((l) => !known.has(l.id)).map((l): ConversationMessage => ({
    ...l,
    agent: l.authorType === 'ai' ? call.aiAgent : null,
    lead: l.authorType === 'lead' ? call.lead : null,
  }));
  return added.length === 0 ? fetched : [...fetched, ...added];
}
