import { AWAY_REASON_LABELS, type AgentStatusEntry } from '../schemas/entities';
import { formatDuration } from './display';

type Presence = Pick<AgentStatusEntry, 'status' | 'busyFrom' | 'awayReason' | 'since'>;

/** An agent's status as its team reads it: an away agent's reason beside the word ("Away · Lunch"), "Wrap-up" after a call; null for the plain word. */
export function presenceLabelOf(presence: Pick<Presence, 'status' | 'awayReason'>): string | null {
  if (presence.status === 'wrap-up') return 'Wrap-up';
  return presence.status === 'away' && presence.awayReason ? `Away · ${AWAY_REASON_LABELS[presence.awayReason]}` : null;
}

/**
 * How long the agent has been in its status, as the team reads it ("away for 00:12:00"): a call
 * from when it began, any other status from when the agent chose it. Null for an offline agent or
 * when the time is not known.
 */
export function timeInStatusText(presence: Presence, now: number): string | null {
  const from = presence.status === 'busy' ? presence.busyFrom : presence.since;
  if (presence.status === 'offline' || from === null) return null;
  return `${presence.status} for ${formatDuration(Math.max(0, now - Date.parse(from)) / 1000)}`;
}
