import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { agentStatusesAtom, authStore } from 'shared-auth';
import { AwayReason, CHOSEN_AGENT_STATUSES, type AwayReasonValue, type ChosenAgentStatus } from 'shared-contracts';
import { isOnCall } from '../model/softphone-machine';
import type { CallSession } from './use-call-session';

/** What the agent chose: available, away with a reason, or offline. Busy comes with a call. */
export interface Presence {
  status: ChosenAgentStatus;
  awayReason?: AwayReasonValue;
}

/** The choice outlives a reload and a dropped connection: the softphone says it again on each connect. */
const PRESENCE_KEY = 'softphone.presence';
const StoredPresence = v.object({ status: v.picklist(CHOSEN_AGENT_STATUSES), awayReason: v.optional(AwayReason) });
const AVAILABLE: Presence = { status: 'available' };

function storedPresence(): Presence {
  try {
    const parsed = v.safeParse(StoredPresence, JSON.parse(localStorage.getItem(PRESENCE_KEY) ?? 'null'));
    if (!parsed.success) return AVAILABLE;
    // Away is always with its reason.
    return parsed.output.status === 'away' && parsed.output.awayReason === undefined ? AVAILABLE : parsed.output;
  } catch {
    return AVAILABLE;
  }
}

/**
 * The agent's presence: the status it chose, said to the server whenever the socket is open and
 * the device can ring, and again after each call (which the server ends in wrap-up, then
 * available), until the server holds it. Only available agents are offered calls.
 */
export function usePresence(session: CallSession, canRing: boolean) {
  const { agentId, realtime, stateRef } = session;
  const [chosen, setChosen] = useState<Presence>(storedPresence);
  const live = useAtomValue(agentStatusesAtom, { store: authStore })[agentId ?? ''];
  const connected = realtime.current.connectionState === 'open';
  const onCall = isOnCall(session.state);

  useEffect(() => {
    if (!connected || !canRing || agentId === undefined || isOnCall(stateRef.current)) return;
    // On a call the call decides; its end makes the agent available (after its wrap-up), and the choice is said again.
    if (live?.status === 'busy') return;
    // Available comes by itself once the wrap-up is done.
    if (live?.status === 'wrap-up' && chosen.status === 'available') return;
    if (live?.status === chosen.status && (live.awayReason ?? undefined) === chosen.awayReason) return;
    realtime.current.sendUpdateStatus(agentId, chosen.status, chosen.awayReason);
  }, [connected, canRing, agentId, onCall, chosen, live?.status, live?.awayReason, realtime, stateRef]);

  const choose = (next: Presence) => {
    try {
      localStorage.setItem(PRESENCE_KEY, JSON.stringify(next));
    } catch {
      // Storage is full or off: the choice holds for this page.
    }
    setChosen(next);
  };

  return {
    chosen, busy: onCall || live?.status === 'busy', choose,
    /** After a call, until its wrap-up is done or its time runs out: no calls are offered. */
    wrappingUp: !onCall && live?.status === 'wrap-up',
    liveStatus: live?.status,
  };
}
export type PresenceApi = ReturnType<typeof usePresence>;
